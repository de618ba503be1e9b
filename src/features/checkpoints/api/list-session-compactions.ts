import { queryOptions } from '@tanstack/react-query';
import { fetchCompactionPage } from '../../../lib/api/endpoints/list-compactions';
import { queryKeys } from '../../../lib/api/query-keys';

/**
 * GET /sessions/{session_id}/compactions?sort=-created_at&include_rolled_back=true: the newest
 * records, rolled back ones included, to name what each rollback point undoes. Its own key under
 * the session prefix (the ledger keeps its own cache, see ledgerKeys in lib/api/query-keys.ts).
 */
export function recentCompactionsQuery(sessionId: string, limit: number) {
  const size = Math.max(1, Math.min(1000, limit));
  return queryOptions({
    queryKey: [...queryKeys.session(sessionId), 'rollback-point-records', size] as const,
    queryFn: async ({ signal }) => (await fetchCompactionPage(sessionId, { sort: '-created_at', include_rolled_back: true }, null, size, signal)).items,
  });
}
