import { afterNextFrame } from './idle';
/**
 * One render per animation frame for cache notifications: react-query tells its observers about
 * each change in a task of its own (a setTimeout per change), so fifty live frames a second made
 * fifty renders of the session page a second. Run through this scheduler, every notification that
 * comes before the next frame is delivered in one task, which React renders once.
 * That task runs right after the frame, not inside it: a page of ledger rows arriving while the
 * ledger scrolls is rendered beside the frame's own work (the scroll's rows, layout and paint),
 * not added to it, so neither makes a long task.
 * A hidden tab runs no animation frames: a timer delivers them then.
 */
export type Scheduler = (callback: () => void) => void;

/** A frame batch: schedules for after the next frame, or runs at once with what waits for it. */
export interface FrameBatch extends Scheduler {
  /**
   * Runs `callback` now, in the caller's task, and then (in order) what it schedules and what was
   * waiting for the next frame: for work that already has a task of its own (a timer), whose
   * notifications need not wait a frame more to render.
   */
  now(callback: () => void): void;
}

export interface FrameBatchOptions {
  /** Calls `run` once the next frame has been drawn. */
  requestFrame?: (run: () => void) => unknown;
  setTimer?: (run: () => void, ms: number) => unknown;
  /** Delivery at the latest after this long, frame or not. */
  fallbackMs?: number;
}

export function frameBatchScheduler(options: FrameBatchOptions = {}): FrameBatch {
  const requestFrame = options.requestFrame ?? afterNextFrame;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const fallbackMs = options.fallbackMs ?? 100;
  let queue: (() => void)[] = [];
  let scheduled = false;
  let flushing = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestFrame(flush);
    setTimer(flush, fallbackMs);
  };
  const flush = () => {
    if (!scheduled) return;
    scheduled = false;
    runQueue();
  };
  const runQueue = () => {
    flushing = true;
    try {
      // What the callbacks schedule runs in this same turn (a live frame applied to the cache,
      // then the cache's notifications: one frame, not two), a few rounds at most.
      for (let round = 0; round < MAX_ROUNDS && queue.length > 0; round += 1) {
        const run = queue;
        queue = [];
        for (const callback of run) callback();
      }
    } finally {
      flushing = false;
      if (queue.length > 0) schedule();
    }
  };
  const batch = (callback: () => void) => {
    queue.push(callback);
    if (!flushing) schedule();
  };
  return Object.assign(batch, {
    now(callback: () => void) {
      if (flushing) {
        // Within a flush already: it runs in this flush's next round.
        queue.push(callback);
        return;
      }
      queue.unshift(callback);
      // The frame (or timer) already asked for finds nothing left to do.
      scheduled = false;
      runQueue();
    },
  });
}

/** Rounds of callbacks scheduled by callbacks that one flush runs before leaving the rest to the next frame. */
const MAX_ROUNDS = 8;

let shared: FrameBatch | null = null;

/**
 * The app's one frame batch: the live stream's frames and react-query's notifications share it,
 * so the records a frame carries reach the components in the frame that took them in.
 */
export function sharedFrameBatch(): FrameBatch {
  shared ??= frameBatchScheduler();
  return shared;
}
