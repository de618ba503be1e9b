/**
 * What the page and the live-stream worker (socket-worker.ts) tell each other, and when the worker
 * hands over what it received. The worker reads the socket, so the page's main thread does not run
 * one task per message: at 1,000 events a second (two messages each, the event and its session's
 * update) that was a third of its time. It gets them in batches instead, at most one per frame.
 */

/** The page to the worker. */
export type ToWorker = { type: 'open'; address: string } | { type: 'close' };

/** The worker to the page. A message that is not text (a binary frame) is handed over as null. */
export type FromWorker =
  | { type: 'open' }
  | { type: 'messages'; data: (string | null)[] }
  | { type: 'error' }
  | { type: 'close'; code: number; reason: string; wasClean: boolean };

/** The shortest time between two batches handed to the page: one frame at 60 Hz. */
export const MIN_BATCH_GAP_MS = 16;

/**
 * How long a message just received waits before its batch is handed over: at once when the last
 * batch went at least a frame ago (a lone event is not held back), else until a frame has passed
 * since it (a burst goes over as one batch per frame).
 */
export function batchDelay(now: number, lastBatchAt: number | null): number {
  return lastBatchAt === null ? 0 : Math.max(0, lastBatchAt + MIN_BATCH_GAP_MS - now);
}
