/**
 * Whether a virtualised list (ledger, audit log, diff) is being scrolled now, for work that can
 * wait for the scroll to end. The lists render their rows synchronously in each scroll event
 * (use-scroll-ahead.ts), and a synchronous render throws away a transition React was rendering
 * meanwhile; it starts over after the frame, to be thrown away again by the next scroll event, for
 * up to five seconds (when React stops letting a transition be interrupted and renders it in one
 * go). Redrawing the charts over a thousand events as a transition while the ledger scrolled was
 * that: half the main thread or more spent on chart renders that never landed (their tick labels
 * measured with getBoundingClientRect, a layout each), until one long task finished them.
 */
import { whenIdle } from './idle';

const scrolling = new Set<object>();
const waiting = new Set<() => void>();

/** A list started (`true`) or stopped scrolling; when the last one stops, what waited runs. */
export function setListScrolling(list: object, now: boolean): void {
  if (now) scrolling.add(list);
  else scrolling.delete(list);
  if (scrolling.size > 0 || waiting.size === 0) return;
  const run = [...waiting];
  waiting.clear();
  for (const callback of run) callback();
}

export function isListScrolling(): boolean {
  return scrolling.size > 0;
}

/** Runs `run` once no list is scrolling (at once when none is); answers the cancel function. */
export function whenNotScrolling(run: () => void): () => void {
  if (scrolling.size === 0) {
    run();
    return () => undefined;
  }
  waiting.add(run);
  return () => waiting.delete(run);
}

/**
 * Runs `run` at an idle moment (`idle`: lib/idle.ts's whenIdle, at most `timeoutMs`) with no list
 * scrolling: an idle moment inside a scroll (a frame with time to spare, or the timeout) waits for
 * the scroll to end, then for an idle moment again. For secondary work that would land in a
 * scroll's frames (the charts' code and first drawing, a panel below the fold). Answers the cancel
 * function.
 */
export function whenIdleNotScrolling(run: () => void, timeoutMs: number, idle: typeof whenIdle = whenIdle): () => void {
  let cancel: () => void = () => undefined;
  const wait = () => {
    cancel = idle(() => {
      if (scrolling.size > 0) cancel = whenNotScrolling(wait);
      else run();
    }, timeoutMs);
  };
  wait();
  return () => cancel();
}
