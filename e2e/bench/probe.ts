/**
 * The benchmark's recorder inside the page, installed before any page script runs: when the
 * first element matching each watched selector enters the DOM, long tasks (> 50 ms) and long
 * animation frames with the scripts that made them, clicks, when each ledger row is first painted
 * (wall clock, for the live figure), and scroll loops that record every frame's duration.
 *
 * Times are performance.now() (ms since the navigation started) except `seen`, which is epoch ms
 * so it can be compared with the simulator's send times.
 */

export interface ProbeOptions {
  /** name → CSS selector: the time the first matching element enters the DOM is kept as marks[name]. */
  watch: Record<string, string>;
  /** Keep, for every data-compaction-id, when the frame that first drew it was painted (on a new element or a recycled one). */
  trackIds: boolean;
}

export interface LongTask {
  start: number;
  duration: number;
}

export interface LongFrameScript {
  invoker: string;
  source: string;
  fn: string;
  charPosition: number;
  duration: number;
}

export interface LongFrame {
  start: number;
  duration: number;
  blocking: number;
  /** From the start of rendering (rAF callbacks, style, layout, paint) to the frame's end. */
  render: number;
  /** From the start of style and layout to the frame's end. */
  styleAndLayout: number;
  scripts: LongFrameScript[];
}

export interface FrameRun {
  /** Durations between successive animation frames (ms). */
  frames: number[];
  start: number;
  end: number;
}

export interface BenchProbe {
  marks: Record<string, number>;
  watch(name: string, selector: string): void;
  longTasks: LongTask[];
  longFrames: LongFrame[];
  clicks: { at: number; label: string }[];
  seen: Record<string, number>;
  trackIds: boolean;
  /**
   * Scrolls `selector` at `speed` px per ms of wall time (a steady fling: a slow frame jumps
   * further, as a user's scroll would) to `target` px (null: to its end), recording every frame.
   * Where the content ends before the target (a page still loading), it waits there. Rejects
   * after `stallMs` without progress.
   */
  scrollThrough(selector: string, speed: number, target: number | null, stallMs: number): Promise<FrameRun>;
  /** Jumps `selector` to its end every frame until `doneSelector` is in the DOM (loads every page of a paged list). */
  scrollToEnd(selector: string, doneSelector: string, stallMs: number): Promise<FrameRun>;
}

declare global {
  interface Window {
    __bench: BenchProbe;
  }
}

/** Runs in the page (serialised by Playwright): self-contained, no imports, no outer names. */
function installProbe(options: ProbeOptions): void {
  const pending = new Map<string, string>(Object.entries(options.watch));
  const bench: BenchProbe = {
    marks: {},
    longTasks: [],
    longFrames: [],
    clicks: [],
    seen: {},
    trackIds: options.trackIds,
    watch(name, selector) {
      if (bench.marks[name] !== undefined) return;
      pending.set(name, selector);
      check();
    },
    scrollThrough(selector, speed, target, stallMs) {
      return new Promise<FrameRun>((resolve, reject) => {
        const el = document.querySelector(selector);
        if (!el) {
          reject(new Error(`nothing to scroll: no element matches ${selector}`));
          return;
        }
        const frames: number[] = [];
        let start = 0;
        let last = 0;
        let lastProgress = 0;
        let lastTop = -1;
        let lastHeight = -1;
        let settled = 0;
        let position = el.scrollTop;
        const watchdog = frameWatchdog(`scrolling ${selector}`, stallMs, reject);
        const tick = (now: number) => {
          watchdog.frame();
          const elapsed = now - last;
          frames.push(elapsed);
          last = now;
          const max = el.scrollHeight - el.clientHeight;
          const goal = target === null ? max : Math.min(target, Math.max(max, 0));
          const reached = target === null ? el.scrollTop >= max - 1 : el.scrollTop >= target - 1;
          if (reached) {
            // To the end: done once the end stays put (rows measured on the way may still grow it).
            settled = target === null && el.scrollHeight !== lastHeight ? 0 : settled + 1;
            lastHeight = el.scrollHeight;
            if (target !== null || settled >= 3) {
              watchdog.stop();
              resolve({ frames, start, end: now });
              return;
            }
          } else {
            position = Math.min(position + speed * elapsed, goal);
            el.scrollTop = position;
          }
          if (el.scrollTop !== lastTop || el.scrollHeight !== lastHeight) {
            lastTop = el.scrollTop;
            lastHeight = el.scrollHeight;
            lastProgress = now;
          } else if (now - lastProgress > stallMs) {
            watchdog.stop();
            reject(new Error(`scrolling ${selector} stalled at ${Math.round(el.scrollTop)} px (goal ${target ?? 'the end'}, height ${el.scrollHeight}) for ${stallMs} ms`));
            return;
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame((now) => {
          start = now;
          last = now;
          lastProgress = now;
          requestAnimationFrame(tick);
        });
      });
    },
    scrollToEnd(selector, doneSelector, stallMs) {
      return new Promise<FrameRun>((resolve, reject) => {
        const el = document.querySelector(selector);
        if (!el) {
          reject(new Error(`nothing to scroll: no element matches ${selector}`));
          return;
        }
        const frames: number[] = [];
        const start = performance.now();
        let last = start;
        let lastHeight = -1;
        let lastProgress = start;
        const watchdog = frameWatchdog(`loading ${selector} to its end`, stallMs, reject);
        const tick = (now: number) => {
          watchdog.frame();
          frames.push(now - last);
          last = now;
          if (document.querySelector(doneSelector)) {
            watchdog.stop();
            resolve({ frames, start, end: now });
            return;
          }
          if (el.scrollHeight !== lastHeight) {
            lastHeight = el.scrollHeight;
            lastProgress = now;
          } else if (now - lastProgress > stallMs) {
            watchdog.stop();
            reject(new Error(`loading ${selector} to its end stalled at height ${el.scrollHeight} px for ${stallMs} ms (waiting for ${doneSelector})`));
            return;
          }
          el.scrollTop = el.scrollHeight;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
    },
  };

  /**
   * The stall checks above run in animation frames; a page that stops drawing (hidden, its main
   * thread held) runs none, and the scroll's promise would wait for ever. A timer checks that frames
   * still come and rejects, naming the scroll, when none came for `stallMs`.
   */
  function frameWatchdog(what: string, stallMs: number, reject: (error: Error) => void): { frame(): void; stop(): void } {
    let lastFrame = performance.now();
    const timer = setInterval(() => {
      if (performance.now() - lastFrame <= stallMs) return;
      clearInterval(timer);
      // What the page said of itself then: hidden or unfocused pages draw less, or nothing.
      const state = `visibility ${document.visibilityState}, focus ${document.hasFocus() ? 'yes' : 'no'}`;
      reject(new Error(`${what}: no animation frame for ${stallMs} ms (the page stopped drawing; ${state})`));
    }, 1_000);
    return {
      frame: () => (lastFrame = performance.now()),
      stop: () => clearInterval(timer),
    };
  }

  function check(): void {
    for (const [name, selector] of pending) {
      if (document.querySelector(selector)) {
        bench.marks[name] = performance.now();
        pending.delete(name);
      }
    }
  }

  // A row counts as seen once the frame that draws it is painted, not when it enters the DOM: ids
  // entering go to `unpainted`, stamped by a message posted from within a frame's update, which runs
  // once that frame's style, layout and paint are done. A change made in a task waits for the next
  // frame; one made during a frame's update (its animation-frame callbacks: while ids are tracked,
  // the page's own are wrapped to say so) is drawn in that frame.
  const unpainted = new Set<string>();
  let inFrame = false;
  const afterPaint = new MessageChannel();
  afterPaint.port1.onmessage = () => {
    inFrame = false;
    const at = Date.now();
    for (const id of unpainted) bench.seen[id] ??= at;
    unpainted.clear();
  };
  const frameBegun = () => {
    if (inFrame) return;
    inFrame = true;
    afterPaint.port2.postMessage(null);
  };
  const pageFrame = window.requestAnimationFrame.bind(window);
  if (options.trackIds) {
    window.requestAnimationFrame = (callback) =>
      pageFrame((now) => {
        frameBegun();
        callback(now);
      });
  }

  function noteId(id: string | null): void {
    if (id === null || bench.seen[id] !== undefined || unpainted.has(id)) return;
    if (unpainted.size === 0 && !inFrame) pageFrame(frameBegun);
    unpainted.add(id);
  }

  function noteIds(node: Node): void {
    if (!(node instanceof Element)) return;
    noteId(node.getAttribute('data-compaction-id'));
    for (const inner of node.querySelectorAll('[data-compaction-id]')) noteId(inner.getAttribute('data-compaction-id'));
  }

  new MutationObserver((mutations) => {
    if (pending.size > 0) check();
    if (!bench.trackIds) return;
    for (const mutation of mutations) {
      // A row element that shows another event now (the ledger recycles its rows), or a new one.
      if (mutation.type === 'attributes') noteIds(mutation.target);
      for (const node of mutation.addedNodes) noteIds(node);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-compaction-id'] });

  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest('button, a, [role="button"]') : null;
      bench.clicks.push({ at: event.timeStamp, label: (target?.textContent ?? '').trim() });
    },
    true,
  );

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });

  try {
    new PerformanceObserver((list) => {
      type LoAF = PerformanceEntry & { blockingDuration?: number; renderStart?: number; styleAndLayoutStart?: number; scripts?: Record<string, unknown>[] };
      for (const entry of list.getEntries() as LoAF[]) {
        const end = entry.startTime + entry.duration;
        bench.longFrames.push({
          start: entry.startTime,
          duration: entry.duration,
          blocking: entry.blockingDuration ?? 0,
          render: entry.renderStart ? end - entry.renderStart : 0,
          styleAndLayout: entry.styleAndLayoutStart ? end - entry.styleAndLayoutStart : 0,
          scripts: (entry.scripts ?? []).map((s) => ({
            invoker: String(s.invoker ?? ''),
            source: String(s.sourceURL ?? ''),
            fn: String(s.sourceFunctionName ?? ''),
            charPosition: Number(s.sourceCharPosition ?? -1),
            duration: Number(s.duration ?? 0),
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // Long animation frames are a Chromium 123+ feature; long tasks are enough without them.
  }

  window.__bench = bench;
}

/**
 * The init script's text. The probe is compiled TypeScript: the runner (tsx) wraps named inner
 * functions in a `__name` helper that only exists in Node, so the page gets a no-op one, scoped.
 * Named bench-probe.js in long-frame attributions (its scroll loop reads the scroller's size,
 * which forces the layout the frame would do anyway).
 */
export function probeScript(options: ProbeOptions): string {
  return `(() => { const __name = (f) => f; (${installProbe.toString()})(${JSON.stringify(options)}); })();\n//# sourceURL=bench-probe.js`;
}
