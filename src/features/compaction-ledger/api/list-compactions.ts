import { infiniteQueryOptions } from '@tanstack/react-query';
import { fetchCompactionPage, type CompactionPage } from '../../../lib/api/endpoints/list-compactions';
import { ledgerKeys } from '../../../lib/api/query-keys';
import { toListQuery } from '../../../domain/ledger-list-query';
import { withinSession, type LedgerSearch } from '../../../domain/ledger-search';
import { fetchCrossCompactionPage } from './list-all-compactions';
import { mergeLedgerData, nextPageCursor, type LedgerData } from '../lib/ledger-cache';

/** Records per ledger page (the daemon allows up to 1000). */
export const LEDGER_PAGE_SIZE = 200;
/** The first page: a screenful and some (it is what the first paint waits for); the next ones are full pages. */
export const LEDGER_FIRST_PAGE_SIZE = 50;

/** The ledger views across sessions sit under this key instead of a session id. */
export const ALL_SESSIONS = '*';

/** A page of either ledger (the cross-session one also names its records' sessions). */
export function fetchLedgerPage(sessionId: string | null, search: LedgerSearch, cursor: string | null, limit: number, signal?: AbortSignal): Promise<CompactionPage> {
  return sessionId === null
    ? fetchCrossCompactionPage(toListQuery(search), cursor, limit, signal)
    : fetchCompactionPage(sessionId, toListQuery(withinSession(search)), cursor, limit, signal);
}

/**
 * The ledger of one view (of a session, or across sessions: sessionId null), page by page (cursor paging on the daemon). Kept current by live frames
 * (lib/ledger-live.ts), so it is not refetched on focus or on a timer; merging a refetch never
 * takes an older version of a record than the one cached (ledger-cache.ts).
 */
export function ledgerQuery(sessionId: string | null, search: LedgerSearch) {
  const query = toListQuery(sessionId === null ? search : withinSession(search));
  return infiniteQueryOptions({
    queryKey: ledgerKeys.view(sessionId ?? ALL_SESSIONS, query),
    queryFn: ({ pageParam, signal }) => fetchLedgerPage(sessionId, search, pageParam, pageParam === null ? LEDGER_FIRST_PAGE_SIZE : LEDGER_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    // A cursor already followed would page forever (nobody scrolling): loading stops, the table says so.
    getNextPageParam: (last: CompactionPage, _pages: CompactionPage[], _param: string | null, followed: (string | null)[]) => nextPageCursor(last.next_cursor, followed),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    structuralSharing: (previous: unknown, next: unknown) => mergeLedgerData(previous as LedgerData | undefined, next as LedgerData),
  });
}
