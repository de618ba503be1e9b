import { notifyManager, QueryClient } from '@tanstack/react-query';
import { useCredentialChanges } from '../lib/api/credential-changes';
import { sharedFrameBatch } from '../lib/frame-batch';
import { connectionInForce, useSettingsStore } from '../config/settings-store';
import { isApiError } from '../lib/api/api-error';
import { reportAnswer, reportFailure, useReachability } from '../lib/api/daemon-reachability';

/**
 * Server state lives here and only here. A failure worth retrying (network, timeout, 5xx) is
 * retried once; anything else (4xx, a body breaking the contract) shows at once.
 */
export function createQueryClient(): QueryClient {
  // Cache changes reach the components once per animation frame, however many come (live bursts).
  if (typeof requestAnimationFrame === 'function') notifyManager.setScheduler(sharedFrameBatch());
  return new QueryClient({
    defaultOptions: {
      // The daemon may be on loopback or the LAN while the browser calls itself offline: always try,
      // so a write fails with a message instead of waiting silently ("Saving…" forever).
      mutations: { networkMode: 'always' },
      queries: {
        networkMode: 'always',
        staleTime: 15_000,
        retry: (failureCount, error) => isApiError(error) && error.transient && failureCount < 1,
        retryDelay: (_attempt, error) => (isApiError(error) && error.retryAfter !== null ? Math.min(error.retryAfter, 5) * 1000 : 1000),
      },
    },
  });
}

/**
 * Another daemon (base URL) means none of the cached state is true any more: cancel, drop and
 * refetch it all. Other credentials only make it stale.
 */
export function followConnectionChanges(queryClient: QueryClient): () => void {
  return useSettingsStore.subscribe((state, previous) => {
    const next = connectionInForce(state);
    const before = connectionInForce(previous);
    if (next.apiBaseUrl !== before.apiBaseUrl) {
      void queryClient.cancelQueries().then(() => {
        queryClient.removeQueries({ type: 'inactive' });
        return queryClient.resetQueries();
      });
    } else if (next.userId !== before.userId || next.token !== before.token) {
      // A failure (a 401, a 403) was the old credentials' answer: forgotten, so a panel that shows
      // it now, or mounts later (a failed query's cached error would be thrown again, not asked),
      // asks with the new ones. The rest is only stale.
      void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
      void queryClient.invalidateQueries({ predicate: (query) => query.state.status !== 'error' });
      useCredentialChanges.setState((s) => ({ changes: s.changes + 1 }));
    }
  });
}

/**
 * Feeds every query's and mutation's outcome to the daemon's reachability (the page-level outage
 * message), and when the daemon answers again after an outage, refetches every failed query and
 * makes the active ones fresh: every panel recovers without a click.
 */
export function followReachability(queryClient: QueryClient): () => void {
  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'error') reportFailure(event.action.error);
    else if (event.action.type === 'success') reportAnswer();
  });
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'error') reportFailure(event.action.error);
    else if (event.action.type === 'success') reportAnswer();
  });
  const unsubscribeStore = useReachability.subscribe((state, previous) => {
    if (state.recoveries === previous.recoveries) return;
    void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
    void queryClient.invalidateQueries({ predicate: (query) => query.state.status !== 'error' });
  });
  return () => {
    unsubscribeQueries();
    unsubscribeMutations();
    unsubscribeStore();
  };
}
