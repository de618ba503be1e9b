import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts the download now (on hover, on focus, when the route is known) instead of on first render. */
  preload: () => Promise<ComponentType<P>>;
};

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

/**
 * React.lazy for a component in another chunk, with `preload()`. Render it inside a Suspense
 * boundary whose fallback has the final size (a skeleton), so nothing moves when it arrives.
 * Already downloaded (preloaded before the first render), it renders at once, without suspending.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  // A failed download (the network, a new deployment) is tried again by the next preload.
  const preload = () => (loading ??= load().then(
    (component) => (loaded = component),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
  return Object.assign(
    lazy(() => (loaded !== null ? settledThenable({ default: loaded }) : preload().then((component) => ({ default: component }))) as Promise<{ default: ComponentType<P> }>),
    { preload },
  );
}
