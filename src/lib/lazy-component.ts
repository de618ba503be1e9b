import { createElement, use, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/** A component in another chunk, downloaded once, on demand. */
export interface ComponentLoader<P extends object> {
  /** Starts the download now (on hover, on focus, when the route is known) instead of on first render. */
  preload: () => Promise<ComponentType<P>>;
  /** The component once downloaded, else null. */
  current: () => ComponentType<P> | null;
  /** Called once the download is in. */
  subscribe: (listener: () => void) => () => void;
  /**
   * What a render waits for: the download under way, or one that failed, until a retry is asked
   * for (retryFailedCode; drawn again at once, a failure would only start a new download, never
   * reach the part's error boundary), else a new download.
   */
  toRender: () => Promise<ComponentType<P>>;
}

/** Counts the retries asked for: a failed download is the part's answer until the next one. */
let retries = 0;

/** Lets the parts whose code failed to download try again when next drawn (LazyPart's retry). */
export function retryFailedCode(): void {
  retries += 1;
}

export type PreloadableComponent<P extends object> = ComponentType<P> & Pick<ComponentLoader<P>, 'preload'>;

/** Downloads `load`'s component once, however often asked; a failed download is tried again by the next preload (the network, a new deployment). */
export function componentLoader<P extends object>(load: () => Promise<ComponentType<P>>): ComponentLoader<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  let failed: { download: Promise<ComponentType<P>>; retries: number } | null = null;
  const listeners = new Set<() => void>();
  const preload = (): Promise<ComponentType<P>> => {
    if (loading !== null) return loading;
    const download: Promise<ComponentType<P>> = load().then(
      (component) => {
        loaded = component;
        for (const listener of listeners) listener();
        return component;
      },
      (error: unknown) => {
        loading = null;
        failed = { download, retries };
        throw error;
      },
    );
    loading = download;
    return download;
  };
  return {
    preload,
    toRender: () => (loading === null && failed !== null && failed.retries === retries ? failed.download : preload()),
    current: () => loaded,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A component in another chunk, with `preload()`. Render it inside a boundary whose fallback has the
 * final size (a skeleton), so nothing moves when it arrives: `LazyPart` (components/lazy-part.tsx),
 * which also keeps a failed download to the part. Already downloaded (preloaded before the first
 * render), it renders at once, without suspending. Unlike React.lazy, which keeps a failed download
 * as failed for good, it downloads again once a retry is asked for (retryFailedCode) or on the next
 * preload (the browser fetches a module that failed to download anew: whatwg/html#10327; Chromium
 * 156 does, a browser that does not yet needs a reload).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  const loader = componentLoader(load);
  function LazyComponent(props: P) {
    return createElement(loader.current() ?? use(loader.toRender()), props);
  }
  return Object.assign(LazyComponent, { preload: loader.preload });
}

/** A chunk that did not download (the network, or a newer build deployed meanwhile), as the browser and Vite say it. */
export function isCodeLoadFailure(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);
}

/** How long a part whose code did not download waits before trying again by itself (while the browser is online): 2 s, doubling, at most a minute. */
export function codeRetryDelayMs(failures: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, failures - 1));
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
