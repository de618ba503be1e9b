import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ledgerQuery } from '../api/list-compactions';
import { countNotMatching, cursorRepeated, hasMorePages, ledgerTotal } from '../lib/ledger-cache';
import { checkCount } from '../../../domain/plausibility';
import { pagesChecker } from '../../../domain/record-pages-check';
import type { LedgerSearch } from '../../../domain/ledger-search';
import type { CompactionRecord } from '../../../domain/contract/types';

/**
 * One view of a session's ledger: the loaded records (each once, in the daemon's order), the
 * daemon's count of all matching records, and `loadMore` for the next page. While another view
 * loads, the previous one stays on screen (dimmed by the caller via `isSwitching`).
 */
export function useLedger(sessionId: string | null, search: LedgerSearch) {
  const options = useMemo(() => ledgerQuery(sessionId, search), [sessionId, search]);
  const query = useInfiniteQuery({ ...options, placeholderData: keepPreviousData });
  const { data, fetchNextPage, refetch, isFetchingNextPage, isFetching } = query;
  // Each record once, this session's only: what the daemon repeated or sent from elsewhere is named.
  // A new page is checked on its own (O(page)), not with every record loaded before it.
  const [check] = useState(pagesChecker<CompactionRecord>);
  const checked = useMemo(() => check(data?.pages.map((p) => p.items) ?? [], sessionId), [check, data, sessionId]);
  const records = checked.records;
  const more = hasMorePages(data);
  const total = ledgerTotal(data);
  const notices = useMemo(() => {
    // Only beside a repeated or foreign record: under live inserts the count runs ahead of the pages for a moment.
    const count = checked.notices.length > 0 ? checkCount(total, records.length, !more) : null;
    return count ? [...checked.notices, count] : checked.notices;
  }, [checked, total, records.length, more]);

  const loadMore = useCallback(() => {
    if (!more || isFetching) return;
    // Records edited out of this view shift the daemon's offsets: reload the view instead of
    // asking for a next page that would skip one.
    if (countNotMatching(records, search) > 0) void refetch();
    else void fetchNextPage();
  }, [more, isFetching, records, search, refetch, fetchNextPage]);

  return {
    records,
    total,
    /** Implausible data in the loaded pages (src/domain/plausibility.ts). */
    notices,
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
    queryKey: options.queryKey,
    /** The pages as loaded (the cross-session ledger's name their sessions). */
    data,
  };
}
