import { elementScroll, type Rect, type Virtualizer } from '@tanstack/react-virtual';

/**
 * Options for `useVirtualizer` that never force the page's layout while React commits. The
 * virtualiser's defaults read the scroller's size (clientWidth, clientHeight) and write its scroll
 * position in a layout effect: both make the browser lay out the whole page there and then, before
 * the rest of the first render is in, and once more after it. With these, the first windows are
 * drawn for `initialRect`, the size comes from the ResizeObserver (its first report follows the
 * browser's own layout; the scroller's content box, so it must have no padding), and the mount's
 * write, which would put a new scroller where it already is (its top), is left out.
 */
export function noForcedLayout(initialRect: Rect) {
  return { initialRect, observeElementRect, scrollToFn } as const;
}

function observeElementRect<T extends Element>(instance: Virtualizer<T, Element>, onRect: (rect: Rect) => void): () => void {
  const element = instance.scrollElement;
  if (element === null) return () => undefined;
  // The size the observer reports, not clientWidth and clientHeight: another observer's callback
  // just before this one may have changed the page (a React render), and reading them would lay it
  // out again. The content box: the same as long as the scroller has no padding.
  const observer = new ResizeObserver(([entry]) => {
    if (entry !== undefined) onRect({ width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** Scrollers whose first scroll write has been seen. */
const placed = new WeakSet<Element>();

function scrollToFn<T extends Element>(offset: number, options: { adjustments?: number; behavior?: ScrollBehavior }, instance: Virtualizer<T, Element>): void {
  const element = instance.scrollElement;
  if (element !== null && !placed.has(element)) {
    placed.add(element);
    // The mount's write: a new element is already at its top.
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}
