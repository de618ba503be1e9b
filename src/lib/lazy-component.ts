import { createElement, lazy, useEffect, useState, useSyncExternalStore, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/** A component in another chunk, downloaded once, on demand. */
export interface ComponentLoader<P extends object> {
  /** Starts the download now (on hover, on focus, when the route is known) instead of on first render. */
  preload: () => Promise<ComponentType<P>>;
  /** The component once downloaded, else null. */
  current: () => ComponentType<P> | null;
  /** Called once the download is in. */
  subscribe: (listener: () => void) => () => void;
}

export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & Pick<ComponentLoader<P>, 'preload'>;

/**
 * A thenable already settled with `value`: it calls back at once, so React.lazy takes the
 * component in the same render instead of suspending for a microtask (which would commit the
 * fallback and then hold the content back by React's reveal throttle).
 */
export function settledThenable<T>(value: T): PromiseLike<T> {
  return {
    then<R1 = T, R2 = never>(onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null): PromiseLike<R1 | R2> {
      return settledThenable((onFulfilled ? onFulfilled(value) : value) as R1);
    },
  };
}

/** Downloads `load`'s component once, however often asked; a failed download is tried again by the next preload (the network, a new deployment). */
export function componentLoader<P extends object>(load: () => Promise<ComponentType<P>>): ComponentLoader<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const listeners = new Set<() => void>();
  return {
    preload: () =>
      (loading ??= load().then(
        (component) => {
          loaded = component;
          for (const listener of listeners) listener();
          return component;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    current: () => loaded,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * React.lazy for a component in another chunk, with `preload()`. Render it inside a Suspense
 * boundary whose fallback has the final size (a skeleton), so nothing moves when it arrives.
 * Already downloaded (preloaded before the first render), it renders at once, without suspending.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  const loader = componentLoader(load);
  return Object.assign(
    lazy(() => {
      const loaded = loader.current();
      return (loaded !== null ? settledThenable({ default: loaded }) : loader.preload().then((component) => ({ default: component }))) as Promise<{ default: ComponentType<P> }>;
    }),
    { preload: loader.preload },
  );
}

/**
 * A page in its own chunk: `fallback` (the page's skeleton) until its code is in, then the page,
 * drawn in one uninterrupted render. (React.lazy reveals it in a low-priority render that React
 * starts over whenever something else lands meanwhile; on a cold load, the page's data, the shell's
 * answers and the other chunks land together, and the session view's first data waited for two to
 * six such restarts.) A download that fails is thrown to the route's error boundary.
 */
export function LoadedPage({ loader, fallback }: { loader: ComponentLoader<object>; fallback: ReactNode }) {
  // An external store's change renders synchronously, in one pass.
  const Page = useSyncExternalStore(loader.subscribe, loader.current, loader.current);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (Page !== null) return;
    let mounted = true;
    loader.preload().catch((error: unknown) => {
      if (mounted) setFailure({ error });
    });
    return () => {
      mounted = false;
    };
  }, [loader, Page]);
  if (failure !== null) throw failure.error;
  return Page === null ? fallback : createElement(Page);
}
