import { useEffect } from 'react';
import type { CompactionRecord } from '../../../domain/contract/types';
import type { LedgerSearch } from '../../../domain/ledger-search';
import { useLedger } from './use-ledger';

/** Pages fetched looking for an event opened by a deep link before giving up on its neighbours. */
const SEARCH_PAGES = 5;

export interface Neighbours {
  previous: CompactionRecord | null;
  next: CompactionRecord | null;
  /** 1-based position in the view, or null while (or when) unknown. */
  position: number | null;
  total: number;
  /** Still looking for the event in the view. */
  searching: boolean;
  /** The event is not in this view (filtered out, or beyond the pages searched). */
  outside: boolean;
  /** Why the view's list could not be read (then previous and next are not known), or null. */
  error: unknown;
  retry: () => void;
}

/**
 * The events before and after this one in the ledger view the operator came from (a session's, or
 * the one across sessions: sessionId null; the same filters and sort, from the URL; the same cached
 * pages). Pages on when the event is the last loaded one, or not loaded yet.
 */
export function useEventNeighbours(sessionId: string | null, compactionId: string, search: LedgerSearch): Neighbours {
  const ledger = useLedger(sessionId, search);
  const { records, hasMore, loadMore, isFetchingMore, isLoading, total, isError, error, refetch } = ledger;
  const index = records.findIndex((r) => r.id === compactionId);
  const pages = Math.ceil(records.length / 200);
  const needMore = hasMore && !isFetchingMore && !isLoading && ((index < 0 && pages < SEARCH_PAGES) || (index >= 0 && index === records.length - 1));

  useEffect(() => {
    if (needMore) loadMore();
  }, [needMore, loadMore]);

  return {
    previous: index > 0 ? (records[index - 1] ?? null) : null,
    next: index >= 0 ? (records[index + 1] ?? null) : null,
    position: index >= 0 ? index + 1 : null,
    total,
    searching: !isError && (isLoading || (index < 0 && hasMore && pages < SEARCH_PAGES)),
    outside: !isError && !isLoading && index < 0 && !(hasMore && pages < SEARCH_PAGES),
    error: isError ? error : null,
    retry: () => void refetch(),
  };
}
