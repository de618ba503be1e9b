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
import { matchesLedgerSearch, type LedgerSearch } from '../../../domain/ledger-search';
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

/**
 * What to keep of one record when new data arrives: the newer version, with a save in flight on
 * top. Only versions of the same record compete: react-query also hands over the previous event's
 * record when a page moves to the next (its placeholder), and that must never stand in for it.
 */
export function mergeRecord(cached: CompactionRecord | undefined, incoming: CompactionRecord): CompactionRecord {
  const same = cached !== undefined && cached.id === incoming.id && cached.session_id === incoming.session_id;
  const base = same && !isSameOrNewer(incoming, cached) ? cached : incoming;
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

/** Data already merged (insertRecordsInPages' answers) → the cached data it was built from. */
const merged = new WeakMap<LedgerData, LedgerData>();

/** `next` was built from the cached `data` and is merged already: mergeLedgerData takes it as it is. */
export function markMergedFrom(next: LedgerData, data: LedgerData): void {
  merged.set(next, data);
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
