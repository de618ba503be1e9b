import { useEffect, useState } from 'react';
import { useReachability } from '../lib/api/daemon-reachability';
import { oldestPending, waitingLongerThan, type PendingRequest } from '../lib/api/pending-requests';

/** After this long without an answer, the request is named (the client itself waits 15 s, then tries once more). */
export const SLOW_AFTER_MS = 4_000;

/**
 * Names a request the daemon has not answered for a few seconds ("still waiting for GET …"),
 * while it keeps waiting: a hung endpoint is said long before its time limit fails it.
 */
export function SlowRequestNotice() {
  const [slow, setSlow] = useState<{ request: PendingRequest; others: number; now: number } | null>(null);
  useEffect(() => {
    const tick = setInterval(() => {
      const now = Date.now();
      const oldest = oldestPending();
      const next = oldest && now - oldest.since >= SLOW_AFTER_MS ? { request: oldest, others: waitingLongerThan(SLOW_AFTER_MS, now) - 1, now } : null;
      setSlow((current) => (current === null && next === null ? current : next));
    }, 1_000);
    return () => clearInterval(tick);
  }, []);
  const outage = useReachability((s) => s.reachability === 'down');
  // While the daemon is not answering at all, the outage notice says so instead.
  if (slow === null || outage) return null;
  const seconds = Math.round((slow.now - slow.request.since) / 1000);
  return (
    <p className="shell__banner shell__banner--slow" role="status" aria-label="Still waiting for the daemon">
      Still waiting for <code>{slow.request.endpoint}</code> ({seconds} s){slow.others > 0 ? ` and ${slow.others} more request${slow.others === 1 ? '' : 's'}` : ''}; the daemon
      has not answered yet, and Compactor keeps waiting.
    </p>
  );
}
