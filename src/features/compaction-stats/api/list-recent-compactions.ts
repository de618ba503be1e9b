import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { fetchCompactionPage } from '../../../lib/api/endpoints/list-compactions';

/** How many of the newest events the per-event charts draw (one request). */
export const SERIES_LIMIT = 1000;

/** The sample's keys: outside the session's prefix (a thousand records are not refetched on every frame). */
export const seriesKeys = {
  session: (sessionId: string) => ['compaction-series', sessionId] as const,
  view: (sessionId: string, agentPath: string | null) => ['compaction-series', sessionId, agentPath] as const,
  /** The agent a key made by `view` samples (null: all agents). */
  agentOf: (key: QueryKey): string | null => (typeof key[2] === 'string' ? key[2] : null),
};

/**
 * The newest events of one agent or all, for the per-event charts (tokens, ratio, summary length,
 * cost): GET /sessions/{id}/compactions?sort=-created_at&limit=1000. Compaction frames are applied
 * to it in place (lib/series-live.ts), so a live compaction shows in the charts within the second.
 */
export function recentCompactionsQuery(sessionId: string, agentPath: string | null) {
  return queryOptions({
    queryKey: seriesKeys.view(sessionId, agentPath),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    // Live frames replace the sample with a new array (a record in front of a thousand): comparing
    // it deeply with the old one on every update cost more than the update itself.
    structuralSharing: false,
    queryFn: ({ signal }) => fetchCompactionPage(sessionId, { sort: '-created_at', ...(agentPath ? { agent_path: agentPath } : {}) }, null, SERIES_LIMIT, signal),
  });
}
