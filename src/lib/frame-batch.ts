/**
 * One render per animation frame for cache notifications: react-query tells its observers about
 * each change in a task of its own (a setTimeout per change), so fifty live frames a second made
 * fifty renders of the session page a second. Run through this scheduler, every notification that
 * comes before the next frame is delivered in one task, which React renders once.
 * A hidden tab runs no animation frames: a timer delivers them then.
 */
export type Scheduler = (callback: () => void) => void;

export interface FrameBatchOptions {
  requestFrame?: (run: () => void) => unknown;
  setTimer?: (run: () => void, ms: number) => unknown;
  /** Delivery at the latest after this long, frame or not. */
  fallbackMs?: number;
}

export function frameBatchScheduler(options: FrameBatchOptions = {}): Scheduler {
  const requestFrame = options.requestFrame ?? ((run) => requestAnimationFrame(() => run()));
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const fallbackMs = options.fallbackMs ?? 100;
  let queue: (() => void)[] = [];
  let scheduled = false;
  const flush = () => {
    if (!scheduled) return;
    scheduled = false;
    const run = queue;
    queue = [];
    for (const callback of run) callback();
  };
  return (callback) => {
    queue.push(callback);
    if (scheduled) return;
    scheduled = true;
    requestFrame(flush);
    setTimer(flush, fallbackMs);
  };
}
