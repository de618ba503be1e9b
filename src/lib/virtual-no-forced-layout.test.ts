import type { Virtualizer } from '@tanstack/react-virtual';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noForcedLayout } from './virtual-no-forced-layout';

/** A scroller that records its size reads and its scroll writes. */
function scroller(width: number, height: number) {
  const reads: string[] = [];
  const writes: ScrollToOptions[] = [];
  const element = {
    get clientWidth() {
      reads.push('clientWidth');
      return width;
    },
    get clientHeight() {
      reads.push('clientHeight');
      return height;
    },
    scrollTo: (options: ScrollToOptions) => writes.push(options),
  };
  const instance = { scrollElement: element, options: { horizontal: false, isRtl: false } } as unknown as Virtualizer<HTMLElement, Element>;
  return { instance, reads, writes };
}

type Report = (entries: { contentRect: { width: number; height: number } }[]) => void;

/** ResizeObserver as the browser runs it: callbacks after layout, here when `report` is called. */
function fakeResizeObserver() {
  const observers: { callback: Report; observed: unknown[]; disconnected: boolean }[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private entry: (typeof observers)[number];
      constructor(callback: Report) {
        this.entry = { callback, observed: [], disconnected: false };
        observers.push(this.entry);
      }
      observe(element: unknown) {
        this.entry.observed.push(element);
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  const report = (width: number, height: number) => observers.filter((o) => !o.disconnected).forEach((o) => o.callback([{ contentRect: { width, height } }]));
  return { observers, report };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('noForcedLayout', () => {
  const options = noForcedLayout({ width: 1200, height: 640 });

  it('starts from the expected rect', () => {
    expect(options.initialRect).toEqual({ width: 1200, height: 640 });
  });

  it("takes the scroller's size from the ResizeObserver's report, never reading it, and stops on cleanup", () => {
    const { observers, report } = fakeResizeObserver();
    const { instance, reads } = scroller(900, 320);
    const rects: unknown[] = [];
    const cleanup = options.observeElementRect(instance, (rect) => rects.push(rect));
    // The default reads clientWidth and clientHeight here, inside React's commit: a forced layout.
    expect(reads).toEqual([]);
    expect(rects).toEqual([]);
    expect(observers[0]?.observed).toEqual([instance.scrollElement]);
    report(899.6, 320.2);
    // Reading clientWidth there could lay out again what another observer's callback just changed.
    expect(reads).toEqual([]);
    expect(rects).toEqual([{ width: 900, height: 320 }]);
    cleanup();
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('without a scroller, observes nothing', () => {
    const { observers } = fakeResizeObserver();
    const instance = { scrollElement: null } as unknown as Virtualizer<HTMLElement, Element>;
    options.observeElementRect(instance, () => undefined)();
    expect(observers).toEqual([]);
  });

  it("leaves out the mount's write to the top of a new scroller, and makes every later one", () => {
    const { instance, writes } = scroller(900, 320);
    options.scrollToFn(0, {}, instance);
    expect(writes).toEqual([]);
    options.scrollToFn(340, {}, instance);
    options.scrollToFn(0, { behavior: 'smooth' }, instance);
    expect(writes).toEqual([
      { top: 340, behavior: undefined },
      { top: 0, behavior: 'smooth' },
    ]);
  });

  it('makes a first write that goes anywhere but the top', () => {
    const { instance, writes } = scroller(900, 320);
    options.scrollToFn(0, { adjustments: 68 }, instance);
    expect(writes).toEqual([{ top: 68, behavior: undefined }]);
  });
});
