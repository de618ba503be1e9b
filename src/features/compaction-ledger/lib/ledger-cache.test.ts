import { afterEach, describe, expect, it } from 'vitest';
import type { CompactionRecord } from '../../../domain/contract/types';
import {
  collapseDue,
  countNotMatching,
  firstPageOnly,
  cursorRepeated,
  flattenPages,
  hasMorePages,
  ledgerTotal,
  LIVE_GROWTH_HARD_LIMIT,
  LIVE_GROWTH_LIMIT,
  markRolledBack,
  mergeLedgerData,
  mergeRecord,
  nextPageCursor,
  withDaemonTotal,
  replaceRecordInPages,
  updateRecordInPages,
  type LedgerData,
} from './ledger-cache';
import { insertRecordInPages, insertRecordsInPages, reapplyArrivals } from './ledger-inserts';
import { EMPTY_SEARCH } from '../../../domain/ledger-search';
import { beginPendingSave, clearPendingSaves, endPendingSave } from './pending-saves';
import { makeRecord } from '../../../test-support/test-records';
import { ledgerQuery } from '../api/list-compactions';

afterEach(clearPendingSaves);

const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 10, minute)).toISOString();

function rec(id: string, minute: number, patch: Partial<CompactionRecord> = {}): CompactionRecord {
  return makeRecord({ id, created_at: at(minute), ...patch });
}

/** Pages of the default view (newest first), `more` when the daemon has further pages. */
function pages(groups: CompactionRecord[][], total: number, more = false): LedgerData {
  return {
    pages: groups.map((items, i) => ({ items, total, next_cursor: i < groups.length - 1 || more ? `c${i + 1}` : null })),
    pageParams: groups.map((_, i) => (i === 0 ? null : `c${i}`)),
  };
}

describe('flattening pages', () => {
  it('answers the loaded records in order, each once', () => {
    const data = pages([[rec('c', 3), rec('b', 2)], [rec('b', 2), rec('a', 1)]], 3);
    expect(flattenPages(data).map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(flattenPages(undefined)).toEqual([]);
  });

  it('reads the total and whether more pages remain from the newest page', () => {
    expect(ledgerTotal(pages([[rec('a', 1)]], 40, true))).toBe(40);
    expect(hasMorePages(pages([[rec('a', 1)]], 40, true))).toBe(true);
    expect(hasMorePages(pages([[rec('a', 1)]], 1))).toBe(false);
    expect(ledgerTotal(undefined)).toBe(0);
  });
});

describe('a live record joining the ledger', () => {
  it('goes first in the default view, and the total grows', () => {
    const data = pages([[rec('b', 2), rec('a', 1)]], 2);
    const next = insertRecordInPages(data, rec('c', 3), EMPTY_SEARCH);
    expect(flattenPages(next).map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(ledgerTotal(next)).toBe(3);
  });

  it('goes to its place in another sort', () => {
    const sort = { field: 'cost_usd' as const, desc: true };
    const data = pages([[rec('x', 1, { cost_usd: 0.3 }), rec('y', 2, { cost_usd: 0.1 })]], 2);
    const next = insertRecordInPages(data, rec('z', 3, { cost_usd: 0.2 }), { ...EMPTY_SEARCH, sort });
    expect(flattenPages(next).map((r) => r.id)).toEqual(['x', 'z', 'y']);
  });

  it('is only counted when its place is past the loaded pages: paging brings it', () => {
    const sort = { field: 'created_at' as const, desc: false };
    const data = pages([[rec('a', 1), rec('b', 2)]], 10, true);
    const next = insertRecordInPages(data, rec('c', 3), { ...EMPTY_SEARCH, sort });
    expect(flattenPages(next).map((r) => r.id)).toEqual(['a', 'b']);
    expect(ledgerTotal(next)).toBe(11);
  });

  it('goes last when all pages are loaded', () => {
    const sort = { field: 'created_at' as const, desc: false };
    const next = insertRecordInPages(pages([[rec('a', 1)], [rec('b', 2)]], 2), rec('c', 3), { ...EMPTY_SEARCH, sort });
    expect(flattenPages(next).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('stays out of a view it does not match', () => {
    const data = pages([[rec('a', 1)]], 1);
    expect(insertRecordInPages(data, rec('b', 2, { operator_flag: null }), { ...EMPTY_SEARCH, flag: ['bad'] })).toBe(data);
  });

  it('is never added twice (a frame repeated after a reconnect)', () => {
    const data = pages([[rec('b', 2), rec('a', 1)]], 2);
    const once = insertRecordInPages(data, rec('c', 3), EMPTY_SEARCH);
    const twice = insertRecordInPages(once, rec('c', 3), EMPTY_SEARCH);
    expect(flattenPages(twice).map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(ledgerTotal(twice)).toBe(3);
  });
});

describe('a batch of live records', () => {
  it('gives what inserting them one by one gives: new ones placed and counted, a loaded one replaced, one twice in the batch once', () => {
    const data = pages([[rec('c', 3), rec('a', 1)], [rec('x', 0)]], 5, true);
    const newer = { ...rec('a', 1), version: 2, operator_flag: 'bad' as const };
    const distinct = [rec('d', 4), newer, rec('b', 2), rec('z', -1), rec('e', 5)];
    const ascending = { ...EMPTY_SEARCH, sort: { field: 'created_at' as const, desc: false } };
    for (const search of [EMPTY_SEARCH, ascending, { ...EMPTY_SEARCH, flag: ['bad' as const] }]) {
      const oneByOne = distinct.reduce((view, record) => insertRecordInPages(view, record, search), data);
      expect(insertRecordsInPages(data, distinct, search)).toEqual(oneByOne);
    }
    // One record twice in a batch counts once, placed or not (one by one, an unplaced one counted twice).
    const batch = [rec('d', 4), newer, rec('b', 2), rec('d', 4), rec('z', -1), rec('e', 5), rec('z', -1)];
    expect(ledgerTotal(insertRecordsInPages(data, batch, ascending))).toBe(ledgerTotal(insertRecordsInPages(data, distinct, ascending)));
    const together = insertRecordsInPages(data, batch, EMPTY_SEARCH);
    expect(flattenPages(together).map((r) => r.id)).toEqual(['e', 'd', 'c', 'b', 'a', 'x']);
    expect(flattenPages(together).find((r) => r.id === 'a')?.operator_flag).toBe('bad');
    // d, b, z and e are new (z's place is past the loaded pages: only counted); d and z once.
    expect(ledgerTotal(together)).toBe(9);
    expect(insertRecordsInPages(data, [], EMPTY_SEARCH)).toBe(data);
  });

  it('knows, batch after batch, which records each page holds: one that came in an earlier batch, or sits on a later page, is replaced, never listed twice', () => {
    let data = pages([[rec('c', 3)], [rec('b', 2)], [rec('a', 1)]], 3, true);
    data = insertRecordsInPages(data, [rec('d', 4)], EMPTY_SEARCH);
    data = insertRecordsInPages(data, [rec('e', 5), { ...rec('d', 4), version: 2, operator_flag: 'good' as const }], EMPTY_SEARCH);
    data = insertRecordsInPages(data, [{ ...rec('a', 1), version: 2, operator_flag: 'bad' as const }, rec('f', 6)], EMPTY_SEARCH);
    expect(flattenPages(data).map((r) => r.id)).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
    expect(flattenPages(data).map((r) => r.operator_flag)).toEqual([null, null, 'good', null, null, 'bad']);
    expect(ledgerTotal(data)).toBe(6);
  });

  it('an earlier state of a view, given a batch again, holds only its own records (the grown copy took its index)', () => {
    const before = pages([[rec('c', 3)]], 1, true);
    const after = insertRecordsInPages(before, [rec('d', 4)], EMPTY_SEARCH);
    expect(flattenPages(insertRecordsInPages(after, [rec('d', 4)], EMPTY_SEARCH)).map((r) => r.id)).toEqual(['d', 'c']);
    expect(flattenPages(insertRecordsInPages(before, [rec('d', 4)], EMPTY_SEARCH)).map((r) => r.id)).toEqual(['d', 'c']);
    expect(ledgerTotal(insertRecordsInPages(before, [rec('d', 4)], EMPTY_SEARCH))).toBe(2);
  });

  it('copies each page it joins once, and shares the rest: the records loaded before stay the same objects', () => {
    const loaded = [rec('c', 3), rec('b', 2)];
    const data = pages([loaded, [rec('a', 1)]], 3, true);
    const next = insertRecordsInPages(data, [rec('d', 4), rec('e', 5), rec('f', 6)], EMPTY_SEARCH);
    expect(next.pages[0]?.items.map((r) => r.id)).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect(next.pages[0]?.items.slice(3)).toEqual(loaded);
    expect(next.pages[0]?.items[3]).toBe(loaded[0]);
    expect(next.pages[1]?.items).toBe(data.pages[1]?.items);
    expect(next.pages.map((p) => p.total)).toEqual([6, 6]);
    expect(data.pages[0]?.items).toHaveLength(2);
  });

  it('lays a save in flight on a new record, and is taken as it is by the structural sharing of the data it was built from', () => {
    const data = pages([[rec('b', 2)]], 1);
    const token = beginPendingSave('c', { flag: 'good' });
    const next = insertRecordsInPages(data, [rec('c', 3)], EMPTY_SEARCH);
    expect(flattenPages(next)[0]).toMatchObject({ id: 'c', operator_flag: 'good' });
    expect(mergeLedgerData(data, next)).toBe(next);
    endPendingSave('c', token);
    // Against other cached data it is merged as any answer: the cached newer version wins.
    const newer = pages([[rec('b', 2, { version: 7, operator_flag: 'bad' })]], 1);
    expect(flattenPages(mergeLedgerData(newer, next))[1]).toBe(newer.pages[0]?.items[0]);
  });
});

describe('bounding what live records add to a view', () => {
  const grown = (data: LedgerData, count: number): LedgerData => {
    let next = data;
    for (let i = 0; i < count; i += 1) next = insertRecordInPages(next, rec(`live-${i}`, 10 + i), EMPTY_SEARCH);
    return next;
  };

  it('counts the records live frames put among the loaded ones, not those only counted', () => {
    const data = pages([[rec('b', 2), rec('a', 1)]], 2);
    expect(grown(data, 3).liveAdded).toBe(3);
    const ascending = { ...EMPTY_SEARCH, sort: { field: 'created_at' as const, desc: false } };
    const morePages = pages([[rec('a', 1)]], 5, true);
    expect(insertRecordInPages(morePages, rec('z', 9), ascending).liveAdded).toBeUndefined();
    expect(reapplyArrivals(data, [rec('c', 3)], EMPTY_SEARCH).liveAdded).toBe(1);
  });

  it('keeps the count through other changes, and a read of the pages starts it over', () => {
    const data = grown(pages([[rec('b', 2), rec('a', 1)]], 2), 2);
    expect(markRolledBack(data, ['a']).liveAdded).toBe(2);
    expect(updateRecordInPages(data, 'b', (r) => ({ ...r, operator_notes: 'x' })).liveAdded).toBe(2);
    const reread = pages([[rec('live-1', 11), rec('live-0', 10), rec('b', 2)]], 4);
    expect(mergeLedgerData(data, reread).liveAdded).toBeUndefined();
  });

  it('cuts a view back once they are many, where nothing on screen moves, and however it is scrolled past the hard limit', () => {
    const base = pages([[rec('a', 1)]], 1);
    const some = { ...base, liveAdded: LIVE_GROWTH_LIMIT - 1 };
    const many = { ...base, liveAdded: LIVE_GROWTH_LIMIT };
    const tooMany = { ...base, liveAdded: LIVE_GROWTH_HARD_LIMIT };
    expect(collapseDue(base, 'top')).toBe(false);
    expect(collapseDue(some, 'top')).toBe(false);
    expect(collapseDue(many, 'top')).toBe(true);
    expect(collapseDue(many, 'hidden')).toBe(true);
    expect(collapseDue(many, 'scrolled')).toBe(false);
    expect(collapseDue(tooMany, 'scrolled')).toBe(true);
  });

  it('under a fast stream, leaves a view on screen to the hard limit (cut back once the stream slows)', () => {
    const base = pages([[rec('a', 1)]], 1);
    const many = { ...base, liveAdded: LIVE_GROWTH_LIMIT };
    const tooMany = { ...base, liveAdded: LIVE_GROWTH_HARD_LIMIT };
    expect(collapseDue(many, 'top', true)).toBe(false);
    expect(collapseDue(many, 'top', false)).toBe(true);
    expect(collapseDue(tooMany, 'top', true)).toBe(true);
    // A view off screen is cut back without a read: the stream does not matter.
    expect(collapseDue(many, 'hidden', true)).toBe(true);
  });

  it('keeps the first page (records and cursor) to be read again, and drops the rest', () => {
    const data = { ...pages([[rec('c', 3)], [rec('b', 2)], [rec('a', 1)]], 3, true), liveAdded: 7 };
    const first = firstPageOnly(data);
    expect(first.pages).toEqual([data.pages[0]]);
    expect(first.pageParams).toEqual([null]);
    expect(first.liveAdded).toBe(7);
    const single = pages([[rec('a', 1)]], 1);
    expect(firstPageOnly(single)).toBe(single);
  });
});

describe('live records that arrived during a fetch', () => {
  it('are put back among the loaded records, counted once', () => {
    const fetched = pages([[rec('b', 2), rec('a', 1)]], 2);
    const next = reapplyArrivals(fetched, [rec('c', 3)], EMPTY_SEARCH);
    expect(flattenPages(next).map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(ledgerTotal(next)).toBe(3);
  });

  it('leave the answer alone when it already has them or they belong past the loaded pages', () => {
    const fetched = pages([[rec('c', 3), rec('b', 2)]], 3, true);
    expect(reapplyArrivals(fetched, [rec('c', 3, { version: 9 })], EMPTY_SEARCH)).toBe(fetched);
    const ascending = { ...EMPTY_SEARCH, sort: { field: 'created_at' as const, desc: false } };
    expect(reapplyArrivals(fetched, [rec('z', 9)], ascending)).toBe(fetched);
  });

  it('stay out of views they do not match', () => {
    const fetched = pages([[rec('a', 1)]], 1);
    expect(reapplyArrivals(fetched, [rec('b', 2)], { ...EMPTY_SEARCH, flag: ['good'] })).toBe(fetched);
  });
});

describe('a changed record', () => {
  it('replaces the loaded one when it is the same or a newer version', () => {
    const data = pages([[rec('a', 1, { version: 2 })]], 1);
    const newer = replaceRecordInPages(data, rec('a', 1, { version: 3, operator_flag: 'good' }));
    expect(flattenPages(newer)[0]).toMatchObject({ version: 3, operator_flag: 'good' });
  });

  it('never replaces it with an older version', () => {
    const data = pages([[rec('a', 1, { version: 3, operator_flag: 'good' })]], 1);
    const older = replaceRecordInPages(data, rec('a', 1, { version: 2, operator_flag: 'bad' }));
    expect(flattenPages(older)[0]).toMatchObject({ version: 3, operator_flag: 'good' });
  });

  it('keeps a save in flight on top of the daemon’s version', () => {
    const data = pages([[rec('a', 1, { version: 2 })]], 1);
    const token = beginPendingSave('a', { flag: 'bad' });
    const next = replaceRecordInPages(data, rec('a', 1, { version: 3, operator_notes: 'elsewhere' }));
    expect(flattenPages(next)[0]).toMatchObject({ version: 3, operator_flag: 'bad', operator_notes: 'elsewhere' });
    endPendingSave('a', token);
  });

  it('shares untouched pages, and answers the same data when nothing is loaded', () => {
    const data = pages([[rec('b', 2)], [rec('a', 1)]], 2);
    const next = updateRecordInPages(data, 'a', (r) => ({ ...r, operator_flag: 'neutral' }));
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(next.pages[1]).not.toBe(data.pages[1]);
    expect(updateRecordInPages(data, 'zzz', (r) => r)).toBe(data);
  });

  it('marks rolled-back records', () => {
    const next = markRolledBack(pages([[rec('b', 2), rec('a', 1)]], 2), ['a']);
    expect(flattenPages(next).map((r) => r.rolled_back)).toEqual([false, true]);
  });

  it('counts loaded records that left the view', () => {
    const records = [rec('a', 1, { operator_flag: 'good' }), rec('b', 2, { operator_flag: 'bad' })];
    expect(countNotMatching(records, { ...EMPTY_SEARCH, flag: ['bad'] })).toBe(1);
  });
});

describe('merging a refetch into the cache', () => {
  it('keeps the cached newer version and the cached object when nothing changed', () => {
    const kept = rec('a', 1, { version: 5, operator_flag: 'good' });
    const same = rec('b', 2, { version: 1 });
    const previous = pages([[same, kept]], 2);
    const refetched = pages([[rec('b', 2, { version: 1 }), rec('a', 1, { version: 4, operator_flag: null })]], 2);
    const merged = mergeLedgerData(previous, refetched);
    const [b, a] = flattenPages(merged);
    expect(a).toBe(kept);
    expect(b).toBe(same);
  });

  it('takes newer versions and new records', () => {
    const previous = pages([[rec('a', 1, { version: 1 })]], 1);
    const merged = mergeLedgerData(previous, pages([[rec('b', 2), rec('a', 1, { version: 2, operator_flag: 'bad' })]], 2));
    expect(flattenPages(merged).map((r) => [r.id, r.operator_flag])).toEqual([
      ['b', null],
      ['a', 'bad'],
    ]);
  });

  it('keeps untouched pages as they are, and answers the same data when nothing changed', () => {
    const previous = pages([[rec('b', 2)], [rec('a', 1)]], 2);
    const updated = updateRecordInPages(previous, 'a', (r) => ({ ...r, version: 2, operator_flag: 'good' }));
    const merged = mergeLedgerData(previous, updated);
    expect(merged.pages[0]).toBe(previous.pages[0]);
    expect(flattenPages(merged)[1]?.operator_flag).toBe('good');
    expect(mergeLedgerData(previous, previous)).toBe(previous);
  });

  it('lays saves in flight on top of a first fetch too', () => {
    const token = beginPendingSave('a', { notes: 'typing' });
    const merged = mergeLedgerData(undefined, pages([[rec('a', 1)]], 1));
    expect(flattenPages(merged)[0]?.operator_notes).toBe('typing');
    endPendingSave('a', token);
  });
});

describe('a page cursor that never advances', () => {
  it('is not followed twice: paging stops, and the view says it stalled', () => {
    // The daemon answers page c1 with next_cursor c1 again.
    const stuck: LedgerData = {
      pages: [
        { items: [rec('b', 2)], total: 40, next_cursor: 'c1' },
        { items: [rec('a', 1)], total: 40, next_cursor: 'c1' },
      ],
      pageParams: [null, 'c1'],
    };
    expect(nextPageCursor('c1', stuck.pageParams)).toBeNull();
    expect(hasMorePages(stuck)).toBe(false);
    expect(cursorRepeated(stuck)).toBe(true);
  });

  it('follows cursors that advance, and ends at null', () => {
    const moving = pages([[rec('b', 2)], [rec('a', 1)]], 40, true);
    expect(nextPageCursor('c2', moving.pageParams)).toBe('c2');
    expect(nextPageCursor(null, moving.pageParams)).toBeNull();
    expect(hasMorePages(moving)).toBe(true);
    expect(cursorRepeated(moving)).toBe(false);
  });

  it('is what the ledger query asks the next page with', () => {
    const query = ledgerQuery('ses_a', EMPTY_SEARCH);
    const page = { items: [], total: 40, next_cursor: 'c1' };
    expect(query.getNextPageParam(page, [page], 'c1', [null, 'c1'])).toBeNull();
    expect(query.getNextPageParam(page, [page], null, [null])).toBe('c1');
  });
});

describe('a total read in pieces', () => {
  it('is unsure once records that arrived during the read are put back, and sure again with the daemon’s count', () => {
    // Page one read before c arrived; page two after: its total (3) counts c already.
    const data: LedgerData = {
      pages: [
        { items: [rec('b', 2)], total: 2, next_cursor: 'c1' },
        { items: [rec('a', 1)], total: 3, next_cursor: null },
      ],
      pageParams: [null, 'c1'],
    };
    const reapplied = reapplyArrivals(data, [rec('c', 3)], EMPTY_SEARCH);
    expect(reapplied.pages[0]!.items.map((r) => r.id)).toEqual(['c', 'b']);
    expect(reapplied.totalUnsure).toBe(true);
    const settled = withDaemonTotal(reapplied, 3);
    expect(settled.pages.map((p) => p.total)).toEqual([3, 3]);
    expect(settled.totalUnsure).toBe(false);
    expect(reapplyArrivals(data, [], EMPTY_SEARCH), 'nothing put back: the same data').toBe(data);
  });
});

describe('mergeRecord', () => {
  it('keeps the cached version when the incoming one is older', () => {
    const cached = rec('a', 1, { version: 3, operator_notes: 'newer' });
    expect(mergeRecord(cached, rec('a', 1, { version: 2 }))).toBe(cached);
  });

  it('never lets another record stand in, however new (the previous event handed over while moving to the next)', () => {
    const previous = rec('a', 1, { version: 9 });
    const next = rec('b', 2, { version: 1 });
    expect(mergeRecord(previous, next)).toBe(next);
    expect(mergeRecord(rec('b', 2, { version: 9, session_id: 'ses_other' }), next)).toBe(next);
  });
});
