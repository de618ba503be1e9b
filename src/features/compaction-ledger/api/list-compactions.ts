import { infiniteQueryOptions } from '@tanstack/react-query';
import { fetchCompactionPage, type CompactionPage } from '../../../lib/api/endpoints/list-compactions';
import { ledgerKeys } from '../../../lib/api/query-keys';
import { toListQuery, type LedgerSearch } from '../../../lib/ledger-search';
import { mergeLedgerData, nextPageCursor, type LedgerData } from '../lib/ledger-cache';

/** Records per ledger page (the daemon allows up to 1000). */
export const LEDGER_PAGE_SIZE = 200;

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
    // A cursor already followed would page forever (nobody scrolling): loading stops, the table says so.
    getNextPageParam: (last: CompactionPage, _pages: CompactionPage[], _param: string | null, followed: (string | null)[]) => nextPageCursor(last.next_cursor, followed),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    structuralSharing: (previous: unknown, next: unknown) => mergeLedgerData(previous as LedgerData | undefined, next as LedgerData),
  });
}
