/**
 * The ledger's cached pages (react-query InfiniteData over the cursor API), changed in place by
 * live frames and flag saves instead of refetching every loaded page. Pure functions: each answers
 * new data, sharing every page and record it did not change.
 *
 * Two rules keep the cache honest:
 * - a record is never replaced by an older version of itself (a refetch that started before a save
 *   landed, or a late frame, cannot undo it);
 * - while a flag save is in flight, its flag and notes stay on top of whatever arrives (see
 *   pending-saves.ts), so an unrelated refetch cannot make the optimistic value flicker back.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { CompactionPage } from '../../../lib/api/endpoints/list-compactions';
import type { CompactionRecord } from '../../../domain/contract/types';
import { compareRecords, matchesLedgerSearch, type LedgerSearch } from '../../../domain/ledger-search';
import { isSameOrNewer, sameRecord } from '../../../domain/compaction/record-versions';
import { withPendingSave } from './pending-saves';

export interface LedgerData extends InfiniteData<CompactionPage, unknown> {
  /** Records live frames have put among the loaded ones since the pages were read (a read starts it over). */
  liveAdded?: number;
  /**
   * The total may be off by the records that arrived while the pages were read (each page answers
   * with the total of its own moment, and those put back are counted again): read again once the
   * stream quiets (ledger-live.ts, settleTotals).
   */
  totalUnsure?: boolean;
}

/** The loaded records in order, each id once (a live insert shifts offset cursors, so a later page can repeat one). */
export function flattenPages(data: LedgerData | undefined): CompactionRecord[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: CompactionRecord[] = [];
  for (const page of data.pages) {
    for (const record of page.items) {
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      out.push(record);
    }
  }
  return out;
}

/** Records matching the view, as the daemon counts them (the newest page knows best). */
export function ledgerTotal(data: LedgerData | undefined): number {
  const last = data?.pages[data.pages.length - 1];
  return last?.total ?? 0;
}

export function hasMorePages(data: LedgerData | undefined): boolean {
  const last = data?.pages[data.pages.length - 1];
  return last !== undefined && last.next_cursor !== null && !cursorRepeated(data);
}

/** The next page's cursor, or null at the end and when the daemon gives a cursor already followed (it would page forever). */
export function nextPageCursor(next: string | null, followed: readonly unknown[]): string | null {
  return next !== null && followed.includes(next) ? null : next;
}

/** Whether the daemon answered the newest page with a cursor already followed: loading stopped there. */
export function cursorRepeated(data: LedgerData | undefined): boolean {
  const last = data?.pages[data.pages.length - 1];
  return last !== undefined && last.next_cursor !== null && data !== undefined && data.pageParams.includes(last.next_cursor);
}

/**
 * Live records an open view gathers (about 10 KB each with their cached versions) before it is cut
 * back to its first page and read again: when its top rows are in view (they stay as they are) or
 * it is not on screen.
 */
export const LIVE_GROWTH_LIMIT = 1000;
/** The same, however far the view is scrolled: a page left open all day stays bounded. */
export const LIVE_GROWTH_HARD_LIMIT = 5000;

/** Where a view is, for cutting it back: its top rows in view, scrolled down, or not on screen. */
export type ViewPlace = 'top' | 'scrolled' | 'hidden';

/**
 * Whether a view that live records have grown is cut back to its first page now. While the stream
 * is fast (`paced`: hundreds of events a second) a view on screen waits for the hard limit or for
 * the stream to slow: reading its first page again beside the stream would hold the stream's rows up.
 */
export function collapseDue(data: LedgerData, place: ViewPlace, paced = false): boolean {
  const growth = data.liveAdded ?? 0;
  if (growth >= LIVE_GROWTH_HARD_LIMIT) return true;
  return growth >= LIVE_GROWTH_LIMIT && (place === 'hidden' || (place === 'top' && !paced));
}

/**
 * The view's first page alone, to be read again: its cursor was given for the records it was read
 * with (cursors are opaque), so the records live frames added cannot simply be cut off it.
 */
export function firstPageOnly(data: LedgerData): LedgerData {
  if (data.pages.length <= 1) return data;
  return { ...data, pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
}

/** What to keep of one record when new data arrives: the newer version, with a save in flight on top. */
export function mergeRecord(cached: CompactionRecord | undefined, incoming: CompactionRecord): CompactionRecord {
  const base = cached && !isSameOrNewer(incoming, cached) ? cached : incoming;
  return withPendingSave(base);
}

/** Applies `change` to the record with this id wherever it is loaded; the same data when nothing changed. */
export function updateRecordInPages(data: LedgerData, id: string, change: (record: CompactionRecord) => CompactionRecord): LedgerData {
  let changed = false;
  const pages = data.pages.map((page) => {
    const index = page.items.findIndex((record) => record.id === id);
    if (index < 0) return page;
    const current = page.items[index] as CompactionRecord;
    const next = change(current);
    if (next === current) return page;
    changed = true;
    const items = page.items.slice();
    items[index] = next;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
}

/** The daemon's newer version of a loaded record (a flag saved here or elsewhere). */
export function replaceRecordInPages(data: LedgerData, record: CompactionRecord): LedgerData {
  return updateRecordInPages(data, record.id, (cached) => (isSameOrNewer(record, cached) ? withPendingSave(record) : cached));
}

export function containsRecord(data: LedgerData, id: string): boolean {
  return data.pages.some((page) => page.items.some((record) => record.id === id));
}

/**
 * A new record (compaction.completed) joins the view if it matches: at its place in the sort
 * among the loaded records, and counted in the total. When its place is past the loaded records
 * and more pages remain, only the total changes: paging will bring it (`placedOnly`: then nothing
 * changes, and a record already loaded is left as it is).
 */
export function insertRecordInPages(data: LedgerData, record: CompactionRecord, search: LedgerSearch, options: { placedOnly?: boolean } = {}): LedgerData {
  if (containsRecord(data, record.id)) return options.placedOnly ? data : replaceRecordInPages(data, record);
  return placeRecord(data, record, search, options);
}

/**
 * A batch of new records, in order, each as insertRecordInPages would take it; the loaded ids are
 * gathered once for the batch instead of every loaded record being scanned for each (at 1,000
 * events a second, with a thousand live rows loaded, that scan was a tenth of the page's script),
 * and the records not loaded yet are placed together: each page they join is copied once.
 * The answer is already merged (versions, saves in flight): the ledger's structural sharing takes
 * it as it is (mergeLedgerData) instead of matching every record of the grown page again.
 */
export function insertRecordsInPages(data: LedgerData, records: readonly CompactionRecord[], search: LedgerSearch): LedgerData {
  if (records.length === 0) return data;
  const loaded = new Set<string>();
  for (const page of data.pages) for (const record of page.items) loaded.add(record.id);
  let next = data;
  let fresh: CompactionRecord[] = [];
  for (const record of records) {
    if (!loaded.has(record.id)) {
      fresh.push(record);
      loaded.add(record.id);
      continue;
    }
    // Loaded already, or earlier in the batch: the new ones before it go first, so the order holds.
    next = replaceRecordInPages(placeRecords(next, fresh, search), record);
    fresh = [];
  }
  next = placeRecords(next, fresh, search);
  if (next !== data) merged.set(next, data);
  return next;
}

/** Data insertRecordsInPages answered → the cached data it was built from. */
const merged = new WeakMap<LedgerData, LedgerData>();

/** A record not loaded yet, at its place among the loaded ones (insertRecordInPages). */
function placeRecord(data: LedgerData, record: CompactionRecord, search: LedgerSearch, options: { placedOnly?: boolean }): LedgerData {
  if (!matchesLedgerSearch(record, search)) return data;
  const placed = placeAmongPages(data, [record], search);
  if (placed.count === 0 && options.placedOnly) return data;
  return withPlaced(data, placed, 1);
}

/** Records not loaded yet, in order, each where placeRecord would put it; counted once each. */
function placeRecords(data: LedgerData, records: readonly CompactionRecord[], search: LedgerSearch): LedgerData {
  const matching = records.filter((record) => matchesLedgerSearch(record, search));
  if (matching.length === 0) return data;
  return withPlaced(data, placeAmongPages(data, matching.map(withPendingSave), search), matching.length);
}

interface Placed {
  /** Each page's items; those records joined are copied (once). */
  items: CompactionRecord[][];
  changed: boolean[];
  /** Records placed among the loaded ones (the others belong past them: only counted). */
  count: number;
}

/**
 * Each record goes before the first loaded one it sorts before, in the first page that has one;
 * past the loaded records it goes last only when every page is loaded (paging brings it otherwise).
 */
function placeAmongPages(data: LedgerData, records: readonly CompactionRecord[], search: LedgerSearch): Placed {
  const more = hasMorePages(data);
  const items = data.pages.map((page) => page.items);
  const changed = items.map(() => false);
  let count = 0;
  for (const record of records) {
    for (let p = 0; p < items.length; p += 1) {
      const list = items[p] as CompactionRecord[];
      const index = list.findIndex((existing) => compareRecords(record, existing, search.sort) < 0);
      if (index < 0 && !(p === items.length - 1 && !more)) continue;
      const own = changed[p] ? list : list.slice();
      own.splice(index < 0 ? own.length : index, 0, record);
      items[p] = own;
      changed[p] = true;
      count += 1;
      break;
    }
  }
  return { items, changed, count };
}

/** The data with the placed records, and `counted` more in every page's total. */
function withPlaced(data: LedgerData, placed: Placed, counted: number): LedgerData {
  return {
    ...data,
    pages: data.pages.map((page, p) => ({ ...page, ...(placed.changed[p] ? { items: placed.items[p] as CompactionRecord[] } : {}), total: page.total + counted })),
    ...(placed.count > 0 ? { liveAdded: (data.liveAdded ?? 0) + placed.count } : {}),
  };
}

/**
 * After a fetch: live records that arrived while it was in flight (so its answer predates them)
 * and belong among its loaded records are put back in. A record already there, or whose place
 * is past the loaded pages, is left to the daemon's answer.
 */
export function reapplyArrivals(data: LedgerData, arrivals: readonly CompactionRecord[], search: LedgerSearch): LedgerData {
  let next = data;
  for (const record of arrivals) next = insertRecordInPages(next, record, search, { placedOnly: true });
  return next === data ? data : { ...next, totalUnsure: true };
}

/** The daemon's count of the view, read when nothing arrived meanwhile: every page's total, and sure again. */
export function withDaemonTotal(data: LedgerData, total: number): LedgerData {
  return { ...data, pages: data.pages.map((page) => (page.total === total ? page : { ...page, total })), totalUnsure: false };
}

/** Marks loaded records as rolled back (compaction.rolled_back names them). */
export function markRolledBack(data: LedgerData, ids: readonly string[]): LedgerData {
  let next = data;
  for (const id of ids) next = updateRecordInPages(next, id, (record) => (record.rolled_back ? record : { ...record, rolled_back: true }));
  return next;
}

/** Loaded records that no longer match the view (flagged out of a flag filter, say). */
export function countNotMatching(records: readonly CompactionRecord[], search: LedgerSearch): number {
  let count = 0;
  for (const record of records) if (!matchesLedgerSearch(record, search)) count += 1;
  return count;
}

/**
 * structuralSharing for ledger pages: per record, never an older version, saves in flight on top.
 * Pages this tab's own updates left untouched (the same object) are kept as they are, so a live
 * change costs one page, not every loaded record.
 */
export function mergeLedgerData(previous: LedgerData | undefined, next: LedgerData): LedgerData {
  if (!previous) return mapRecords(next, (record) => withPendingSave(record));
  if (merged.get(next) === previous) return next;
  let cached: Map<string, CompactionRecord> | null = null;
  // By id, per page, built on first use: a lookup per record, not a scan of its page (the first
  // page grows with every live record: a scan made each live batch quadratic in it).
  const pageIndexes = new Map<CompactionPage, Map<string, CompactionRecord>>();
  const inPage = (page: CompactionPage, id: string): CompactionRecord | undefined => {
    let index = pageIndexes.get(page);
    if (!index) {
      index = new Map();
      for (const record of page.items) if (!index.has(record.id)) index.set(record.id, record);
      pageIndexes.set(page, index);
    }
    return index.get(id);
  };
  const lookup = (id: string, samePage: CompactionPage | undefined): CompactionRecord | undefined => {
    const near = samePage ? inPage(samePage, id) : undefined;
    if (near) return near;
    if (cached === null) {
      cached = new Map();
      for (const page of previous.pages) for (const record of page.items) if (!cached.has(record.id)) cached.set(record.id, record);
    }
    return cached.get(id);
  };
  let changed = false;
  const pages = next.pages.map((page, index) => {
    const before = previous.pages[index];
    if (page === before) return page;
    let pageChanged = false;
    const items = page.items.map((record) => {
      const old = lookup(record.id, before);
      const merged = mergeRecord(old, record);
      // Keep the cached object when nothing changed, so rows do not re-render.
      const kept = old && sameRecord(old, merged) ? old : merged;
      if (kept !== record) pageChanged = true;
      return kept;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...next, pages } : next;
}

function mapRecords(data: LedgerData, change: (record: CompactionRecord) => CompactionRecord): LedgerData {
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })),
  };
}
