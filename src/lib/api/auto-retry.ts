/**
 * Failed panels try again by themselves (issue 11, recovery after a fault): a failure that can pass
 * (the network, a timeout, a 5xx, a body cut short) is read again every few seconds, or after the
 * daemon's Retry-After, so the panel recovers without a click when the daemon answers again.
 * Failures that another read would only repeat (4xx, a body breaking the contract) wait for the
 * operator's Retry. Only reads are retried this way (ErrorState, with its onRetry): retrying a write is the
 * operator's choice.
 */
import { isApiError } from './api-error';

/** Seconds between a failed read and the next, unless the daemon asked for another wait. */
export const AUTO_RETRY_S = 5;

/** Whether reading again may give another answer. */
export function retriesItself(error: unknown): boolean {
  return isApiError(error) && (error.transient || error.kind === 'malformed');
}

/** How long a failed read waits before it is tried again by itself: the daemon's Retry-After (at most a minute), else the default. */
export function autoRetryDelayMs(error: unknown): number {
  const seconds = isApiError(error) && error.retryAfter !== null ? error.retryAfter : AUTO_RETRY_S;
  return Math.min(Math.max(seconds, 1), 60) * 1000;
}
