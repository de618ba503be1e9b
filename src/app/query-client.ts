import { QueryClient } from '@tanstack/react-query';
import { connectionInForce, useSettingsStore } from '../config/settings-store';
import { isApiError } from '../lib/api/api-error';

/**
 * Server state lives here and only here. A failure worth retrying (network, timeout, 5xx) is
 * retried once; anything else (4xx, a body breaking the contract) shows at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
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
      void queryClient.invalidateQueries();
    }
  });
}
