/**
 * New records joining the ledger's cached pages (ledger-cache.ts): each at its place in the view's
 * sort among the loaded records, counted in the total, or left to paging when its place is past
 * them. Pure functions: each answers new data, sharing every page it did not change.
 */
import type { CompactionRecord } from '../../../domain/contract/types';
import { compareRecords, matchesLedgerSearch, type LedgerSearch } from '../../../domain/ledger-search';
import { containsRecord, hasMorePages, markMergedFrom, replaceRecordInPages, type LedgerData } from './ledger-cache';
import { withPendingSave } from './pending-saves';

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
 * A batch of new records, in order, each as insertRecordInPages would take it; whether a record is
 * loaded is looked up in each page's index of ids (idsOf), not by scanning every loaded record for
 * each (at 1,000 events a second, with a thousand live rows loaded, that scan was a tenth of the
 * page's script), and the records not loaded yet are placed together: each page they join is
 * copied once.
 * The answer is already merged (versions, saves in flight): the ledger's structural sharing takes
 * it as it is (mergeLedgerData) instead of matching every record of the grown page again.
 */
export function insertRecordsInPages(data: LedgerData, records: readonly CompactionRecord[], search: LedgerSearch): LedgerData {
  if (records.length === 0) return data;
  const batch = new Set<string>();
  const loaded = (id: string) => batch.has(id) || data.pages.some((page) => idsOf(page.items).has(id));
  let next = data;
  let fresh: CompactionRecord[] = [];
  for (const record of records) {
    if (!loaded(record.id)) {
      fresh.push(record);
      batch.add(record.id);
      continue;
    }
    // Loaded already, or earlier in the batch: the new ones before it go first, so the order holds.
    next = replaceRecordInPages(placeRecords(next, fresh, search), record);
    fresh = [];
  }
  next = placeRecords(next, fresh, search);
  if (next !== data) markMergedFrom(next, data);
  return next;
}

/**
 * The ids of one loaded page's records, indexed once per page array: a live batch changes the
 * first page only, so it indexes that one again and finds the others' indexes (with 100,000
 * records loaded, gathering every loaded id for each batch cost more than the batch's own work).
 */
const pageIds = new WeakMap<readonly CompactionRecord[], Set<string>>();

function idsOf(items: readonly CompactionRecord[]): ReadonlySet<string> {
  let ids = pageIds.get(items);
  if (ids === undefined) {
    ids = new Set(items.map((record) => record.id));
    pageIds.set(items, ids);
  }
  return ids;
}

/**
 * A page copied to take new records: its index goes with the copy and takes their ids (the
 * original is indexed again if it is ever asked about), so a page growing under a burst is not
 * indexed again whole for each batch (a first page of 5,000 live rows cost more than the batch).
 */
function indexCopy(from: readonly CompactionRecord[], to: readonly CompactionRecord[]): void {
  const ids = pageIds.get(from);
  if (ids === undefined) return;
  pageIds.delete(from);
  pageIds.set(to, ids);
}

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
      if (!changed[p]) indexCopy(list, own);
      own.splice(index < 0 ? own.length : index, 0, record);
      pageIds.get(own)?.add(record.id);
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
