import { useEffect, useRef } from 'react';
import { autoRetryDelayMs, retriesItself } from '../lib/api/auto-retry';
import { useIsOutageFailure } from '../lib/api/daemon-reachability';

/**
 * Tries a failed read again by itself after a while, when another read may pass (auto-retry.ts);
 * each new failure waits anew. Not during an outage: the outage banner's probe recovers it then.
 * Answers whether the failure is retried this way (for the message to say so).
 */
export function useAutoRetry(error: unknown, onRetry: (() => void) | undefined): boolean {
  const outage = useIsOutageFailure(error);
  const retryRef = useRef(onRetry);
  useEffect(() => {
    retryRef.current = onRetry;
  });
  const retriesByItself = onRetry !== undefined && retriesItself(error);
  useEffect(() => {
    if (!retriesByItself || outage) return;
    const timer = setTimeout(() => retryRef.current?.(), autoRetryDelayMs(error));
    return () => clearTimeout(timer);
  }, [error, retriesByItself, outage]);
  return retriesByItself;
}
