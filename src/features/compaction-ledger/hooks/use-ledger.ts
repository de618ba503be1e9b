import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ledgerQuery } from '../api/list-compactions';
import { countNotMatching, cursorRepeated, flattenPages, hasMorePages, ledgerTotal } from '../lib/ledger-cache';
import type { LedgerSearch } from '../../../lib/ledger-search';

/**
 * One view of a session's ledger: the loaded records (each once, in the daemon's order), the
 * daemon's count of all matching records, and `loadMore` for the next page. While another view
 * loads, the previous one stays on screen (dimmed by the caller via `isSwitching`).
 */
export function useLedger(sessionId: string | null, search: LedgerSearch) {
  const query = useInfiniteQuery({ ...ledgerQuery(sessionId, search), placeholderData: keepPreviousData });
  const { data, fetchNextPage, refetch, isFetchingNextPage, isFetching } = query;
  const records = useMemo(() => flattenPages(data), [data]);
  const more = hasMorePages(data);

  const loadMore = useCallback(() => {
    if (!more || isFetching) return;
    // Records edited out of this view shift the daemon's offsets: reload the view instead of
    // asking for a next page that would skip one.
    if (countNotMatching(records, search) > 0) void refetch();
    else void fetchNextPage();
  }, [more, isFetching, records, search, refetch, fetchNextPage]);

  return {
    records,
    total: ledgerTotal(data),
    hasMore: more,
    /** The daemon repeated a page cursor: no more pages are asked for. */
    stalled: cursorRepeated(data),
    loadMore,
    isLoading: query.isPending,
    isSwitching: query.isPlaceholderData,
    isFetchingMore: isFetchingNextPage,
    error: query.error,
    isError: query.isError,
    refetch,
    queryKey: ledgerQuery(sessionId, search).queryKey,
    /** The pages as loaded (the cross-session ledger's name their sessions). */
    data,
  };
}
