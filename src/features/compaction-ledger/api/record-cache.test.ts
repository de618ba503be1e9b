import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompactionPage } from '../../../lib/api/endpoints/list-compactions';
import type { CompactionRecord } from '../../../domain/contract/types';
import { EMPTY_SEARCH } from '../../../domain/ledger-search';
import { makeRecord, makeRecords } from '../../../test-support/test-records';
import { flattenPages, LIVE_GROWTH_HARD_LIMIT, LIVE_GROWTH_LIMIT, type LedgerData } from '../lib/ledger-cache';
import { ledgerQuery } from './list-compactions';
import { boundLiveGrowth, insertLiveRecords } from './record-cache';

const SESSION = 'ses_test';
const key = ledgerQuery(SESSION, EMPTY_SEARCH).queryKey;

/** The daemon's first page: the newest 50 of what it holds, with a cursor past them. */
const firstPage = (records: readonly CompactionRecord[]): CompactionPage => ({ items: records.slice(0, 50), total: records.length, next_cursor: 'after-50' });

/** `count` new records, each newer than the last, as live frames bring them. */
function liveRecords(count: number, from = 0): CompactionRecord[] {
  const start = Date.parse('2026-07-01T00:00:00.000Z');
  return Array.from({ length: count }, (_, i) =>
    makeRecord({ id: `live_${from + i}`, session_id: SESSION, created_at: new Date(start + (from + i) * 1000).toISOString() }),
  );
}

describe('bounding what live records add to a ledger view', () => {
  let queryClient: QueryClient;
  const stored = makeRecords(300, SESSION);
  /** Two pages loaded: the first 50 and the next 200. */
  const loaded: LedgerData = {
    pages: [firstPage(stored), { items: stored.slice(50, 250), total: stored.length, next_cursor: 'after-250' }],
    pageParams: [null, 'after-50'],
  };

  beforeEach(() => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => queryClient.clear());

  it('cuts a view not on screen back to its first page once many have joined it, to be read when shown', () => {
    queryClient.setQueryData(key, loaded);
    insertLiveRecords(queryClient, liveRecords(LIVE_GROWTH_LIMIT - 1));
    expect(queryClient.getQueryData<LedgerData>(key)?.pages).toHaveLength(2);
    insertLiveRecords(queryClient, liveRecords(1, LIVE_GROWTH_LIMIT - 1));
    const data = queryClient.getQueryData<LedgerData>(key);
    expect(data?.pages).toHaveLength(1);
    expect(data?.pageParams).toEqual([null]);
    // Nothing is lost meanwhile: the first page still holds what joined it.
    expect(flattenPages(data)).toHaveLength(LIVE_GROWTH_LIMIT + 50);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  describe('a view on screen', () => {
    let daemon: CompactionRecord[];
    let reads: ReturnType<typeof vi.fn<() => Promise<CompactionPage>>>;
    let stop: () => void;

    beforeEach(async () => {
      daemon = [...stored];
      reads = vi.fn<() => Promise<CompactionPage>>(async () => firstPage(daemon));
      const observer = new InfiniteQueryObserver(queryClient, {
        queryKey: key,
        queryFn: reads,
        initialPageParam: null as string | null,
        getNextPageParam: (last: CompactionPage) => last.next_cursor,
        staleTime: Number.POSITIVE_INFINITY,
      });
      stop = observer.subscribe(() => undefined);
      await vi.waitFor(() => expect(queryClient.getQueryData(key)).toBeDefined());
      reads.mockClear();
    });
    afterEach(() => stop());

    /** Live records reach the daemon and the cache alike. */
    const arrive = (records: CompactionRecord[]) => {
      daemon = [...[...records].reverse(), ...daemon];
      insertLiveRecords(queryClient, records);
    };

    it('keeps every live record while it is scrolled, up to the hard limit', () => {
      arrive(liveRecords(LIVE_GROWTH_LIMIT));
      boundLiveGrowth(queryClient, key, 'scrolled');
      expect(flattenPages(queryClient.getQueryData<LedgerData>(key))).toHaveLength(LIVE_GROWTH_LIMIT + 50);
      expect(reads).not.toHaveBeenCalled();
      arrive(liveRecords(LIVE_GROWTH_HARD_LIMIT - LIVE_GROWTH_LIMIT, LIVE_GROWTH_LIMIT));
      expect(reads).toHaveBeenCalledTimes(1);
    });

    it('with its top in view, reads its first page again: the same newest rows, the rest let go', async () => {
      const live = liveRecords(LIVE_GROWTH_LIMIT);
      arrive(live);
      boundLiveGrowth(queryClient, key, 'top');
      // Asked again while the read is on its way: one read, not one per live batch.
      boundLiveGrowth(queryClient, key, 'top');
      expect(reads).toHaveBeenCalledTimes(1);
      await vi.waitFor(() => expect(flattenPages(queryClient.getQueryData<LedgerData>(key))).toHaveLength(50));
      const data = queryClient.getQueryData<LedgerData>(key);
      expect(flattenPages(data)[0]?.id).toBe(live[live.length - 1]?.id);
      expect(data?.liveAdded).toBeUndefined();
      expect(data?.pages[0]?.total).toBe(stored.length + LIVE_GROWTH_LIMIT);
      boundLiveGrowth(queryClient, key, 'top');
      expect(reads).toHaveBeenCalledTimes(1);
    });

    it('with its top in view under a fast stream, reads nothing until the stream slows', async () => {
      arrive(liveRecords(LIVE_GROWTH_LIMIT));
      boundLiveGrowth(queryClient, key, 'top', true);
      expect(reads).not.toHaveBeenCalled();
      expect(flattenPages(queryClient.getQueryData<LedgerData>(key))).toHaveLength(LIVE_GROWTH_LIMIT + 50);
      boundLiveGrowth(queryClient, key, 'top', false);
      expect(reads).toHaveBeenCalledTimes(1);
      await vi.waitFor(() => expect(flattenPages(queryClient.getQueryData<LedgerData>(key))).toHaveLength(50));
    });
  });
});
