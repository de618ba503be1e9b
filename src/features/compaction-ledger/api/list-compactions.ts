import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { mergeLedgerData, type CompactionPage, type LedgerData } from '../lib/ledger-cache';
import { toListQuery, type LedgerSearch, type ListQuery } from '../../../lib/ledger-search';
import { ledgerKeys } from './query-keys';

/** Records per ledger page (the daemon allows up to 1000). */
export const LEDGER_PAGE_SIZE = 200;

/** GET /sessions/{session_id}/compactions: one page of the ledger for this query. */
export async function fetchCompactionPage(
  sessionId: string,
  query: ListQuery,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<CompactionPage> {
  return unwrap(
    await api().GET('/sessions/{session_id}/compactions', {
      params: { path: { session_id: sessionId }, query: { ...query, limit, ...(cursor ? { cursor } : {}) } },
      signal,
    }),
  );
}

/**
 * The ledger of one view, page by page (cursor paging on the daemon). Kept current by live frames
 * (use-ledger-live.ts), so it is not refetched on focus or on a timer; merging a refetch never
 * takes an older version of a record than the one cached (ledger-cache.ts).
 */
export function ledgerQuery(sessionId: string, search: LedgerSearch) {
  const query = toListQuery(search);
  return infiniteQueryOptions({
    queryKey: ledgerKeys.view(sessionId, query),
    queryFn: ({ pageParam, signal }) => fetchCompactionPage(sessionId, query, pageParam, LEDGER_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CompactionPage) => last.next_cursor,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    structuralSharing: (previous: unknown, next: unknown) => mergeLedgerData(previous as LedgerData | undefined, next as LedgerData),
  });
}
