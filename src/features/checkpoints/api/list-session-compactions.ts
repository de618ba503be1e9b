import { queryOptions } from '@tanstack/react-query';
import { COMPACTION_PAGE_MAX, fetchCompactionPage } from '../../../lib/api/endpoints/list-compactions';
import { queryKeys } from '../../../lib/api/query-keys';

/** The most records fetched to name rollback points (the daemon's page limit). */
export const ROLLBACK_RECORDS_LIMIT = COMPACTION_PAGE_MAX;

/** How many records to fetch to name `points` rollback points: one each, within the daemon's limit. */
export function rollbackRecordsLimit(points: number): number {
  return Math.max(1, Math.min(ROLLBACK_RECORDS_LIMIT, points));
}

/**
 * GET /sessions/{session_id}/compactions?sort=-created_at&include_rolled_back=true: the newest
 * records, rolled back ones included, to name what each rollback point undoes. One cache entry per
 * session whatever the number of points (keying it by that number made a new entry of up to a
 * thousand records with every checkpoint); the fetch asks for as many records as there are points
 * at the time. Under the session prefix; the ledger keeps its own cache (ledgerKeys).
 */
export function recentCompactionsQuery(sessionId: string, points: number) {
  const limit = rollbackRecordsLimit(points);
  return queryOptions({
    queryKey: queryKeys.rollbackPointRecords(sessionId),
    // Live records go in front of up to a thousand (recent-records.ts): a deep comparison with the
    // old list on every batch (each record shifted by one place) cost more than the update itself.
    structuralSharing: false,
    queryFn: async ({ signal }) => (await fetchCompactionPage(sessionId, { sort: '-created_at', include_rolled_back: true }, null, limit, signal)).items,
  });
}
