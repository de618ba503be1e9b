import { useReachability } from '../api/daemon-reachability';

/**
 * The event stream tries again at once when the daemon answers HTTP again after an outage, instead
 * of waiting out its backoff (up to 15 s): the outage notice and the connection indicator then
 * recover together, rather than the notice going while the indicator still says "Daemon offline".
 * Returns the unsubscribe.
 */
export function reconnectOnRecovery(connection: { reconnectNow(): void }): () => void {
  return useReachability.subscribe((state, previous) => {
    if (state.recoveries > previous.recoveries) connection.reconnectNow();
  });
}
