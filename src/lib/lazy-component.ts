import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts the download now (on hover, on focus, when the route is known) instead of on first render. */
  preload: () => Promise<ComponentType<P>>;
};

/**
 * React.lazy for a component in another chunk, with `preload()`. Render it inside a Suspense
 * boundary whose fallback has the final size (a skeleton), so nothing moves when it arrives.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  // A failed download (the network, a new deployment) is tried again by the next preload.
  const preload = () => (loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  }));
  return Object.assign(
    lazy(async () => ({ default: await preload() })),
    { preload },
  );
}
