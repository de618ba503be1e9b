import { queryOptions } from '@tanstack/react-query';
import { fetchCompactionPage } from '../../compaction-ledger/api/list-compactions';
import { seriesKeys } from '../../compaction-ledger/api/query-keys';
import { SERIES_SAMPLE } from '../../compaction-ledger/api/record-cache';

/** How many of the newest events the per-event charts draw (one request). */
export const SERIES_LIMIT = SERIES_SAMPLE;

/**
 * The newest events of one agent or all, for the per-event charts (tokens, ratio, summary length,
 * cost): GET /sessions/{id}/compactions?sort=-created_at&limit=1000. Outside the session's key
 * prefix (a thousand records are not refetched on every frame): compaction frames are applied to
 * it in place (use-ledger-live.ts), so a live compaction shows in the charts within the second.
 */
export function recentCompactionsQuery(sessionId: string, agentPath: string | null) {
  return queryOptions({
    queryKey: seriesKeys.view(sessionId, agentPath),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    queryFn: ({ signal }) => fetchCompactionPage(sessionId, { sort: '-created_at', ...(agentPath ? { agent_path: agentPath } : {}) }, null, SERIES_LIMIT, signal),
  });
}
