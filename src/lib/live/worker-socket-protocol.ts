/**
 * What the page and the live-stream worker (socket-worker.ts) tell each other, and when the worker
 * hands over what it received. The worker reads the socket, so the page's main thread does not run
 * one task per message: at 1,000 events a second (two messages each, the event and its session's
 * update) that was a third of its time. It gets them in batches instead, at most one per frame.
 */

import type { CheckedMessage } from './read-frame';

/** The page to the worker. */
export type ToWorker = { type: 'open'; address: string } | { type: 'close' };

/** The worker to the page. Each message is handed over read and checked already (read-frame.ts, checkMessage). */
export type FromWorker =
  | { type: 'open' }
  | { type: 'messages'; data: CheckedMessage[]; /** When the worker handed them over (epoch ms, fractional: `timeOrigin + now()`). */ at: number }
  | { type: 'error' }
  | { type: 'close'; code: number; reason: string; wasClean: boolean };

/** The shortest time between two batches handed to the page: one frame at 60 Hz. */
export const MIN_BATCH_GAP_MS = 16;

/** Now, as the page and the worker both read it (their `performance.now()` start at different times). */
export function sharedNow(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Whether a batch handed over at `at` reached the page in time to be handled in its own task: within
 * a frame. One that waited longer waited behind the page's other work, with others likely behind it:
 * those are handled together at the next frame, where the backlog is judged (frame-feed.ts).
 */
export function cameInTime(at: number, now: number): boolean {
  return now - at <= MIN_BATCH_GAP_MS;
}

/**
 * How long a message just received waits before its batch is handed over: at once when the last
 * batch went at least a frame ago (a lone event is not held back), else until a frame has passed
 * since it (a burst goes over as one batch per frame).
 */
export function batchDelay(now: number, lastBatchAt: number | null): number {
  return lastBatchAt === null ? 0 : Math.max(0, lastBatchAt + MIN_BATCH_GAP_MS - now);
}
