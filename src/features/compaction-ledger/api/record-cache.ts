/**
 * One compaction record lives in several cached places of the ledger: the detail query and every
 * loaded ledger view of its session (the stats charts keep their own sample, lib/series-live.ts). These write it everywhere at once, by the ledger-cache rules (never an
 * older version; saves in flight stay on top).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ledgerKeys, queryKeys } from '../../../lib/api/query-keys';
import type { CompactionRecord } from '../../../domain/contract/types';
import { isSameOrNewer } from '../../../domain/compaction/record-versions';
import {
  collapseDue,
  firstPageOnly,
  flattenPages,
  markRolledBack,
  replaceRecordInPages,
  updateRecordInPages,
  type LedgerData,
  type ViewPlace,
} from '../lib/ledger-cache';
import { insertRecordsInPages } from '../lib/ledger-inserts';
import { fromListQuery } from '../../../domain/ledger-list-query';
import { withPendingSave } from '../lib/pending-saves';
import { ALL_SESSIONS } from './list-compactions';

/** The session's ledger views and the cross-session ones (which may hold its records). */
function ledgerViews(queryClient: QueryClient, sessionId: string): [QueryKey, LedgerData | undefined][] {
  return [
    ...queryClient.getQueriesData<LedgerData>({ queryKey: ledgerKeys.session(sessionId) }),
    ...queryClient.getQueriesData<LedgerData>({ queryKey: ledgerKeys.session(ALL_SESSIONS) }),
  ];
}

function updateLedgers(queryClient: QueryClient, sessionId: string, change: (data: LedgerData, key: QueryKey) => LedgerData): void {
  for (const [key, data] of ledgerViews(queryClient, sessionId)) {
    if (!data) continue;
    const next = change(data, key);
    if (next !== data) queryClient.setQueryData<LedgerData>(key, next);
  }
}

/** The cached record, from the detail query or any loaded ledger page. */
export function cachedRecord(queryClient: QueryClient, sessionId: string, compactionId: string): CompactionRecord | undefined {
  const detail = queryClient.getQueryData<CompactionRecord>(queryKeys.compaction(sessionId, compactionId));
  if (detail) return detail;
  for (const [, data] of ledgerViews(queryClient, sessionId)) {
    const found = data?.pages.flatMap((page) => page.items).find((record) => record.id === compactionId);
    if (found) return found;
  }
  return undefined;
}

/** Applies `change` to the cached record everywhere (an optimistic edit, a rollback). */
export function updateCachedRecord(
  queryClient: QueryClient,
  sessionId: string,
  compactionId: string,
  change: (record: CompactionRecord) => CompactionRecord,
): void {
  queryClient.setQueryData<CompactionRecord>(queryKeys.compaction(sessionId, compactionId), (record) => (record ? change(record) : record));
  updateLedgers(queryClient, sessionId, (data) => updateRecordInPages(data, compactionId, change));
}

/** The daemon's version of a record (a save's answer, a 409's current, a frame) replaces older cached ones. */
export function applyServerRecord(queryClient: QueryClient, record: CompactionRecord): void {
  queryClient.setQueryData<CompactionRecord>(queryKeys.compaction(record.session_id, record.id), (cached) =>
    cached === undefined ? cached : isSameOrNewer(record, cached) ? withPendingSave(record) : cached,
  );
  updateLedgers(queryClient, record.session_id, (data) => replaceRecordInPages(data, record));
}

/**
 * A new record (compaction.completed) joins every loaded ledger view of its session it matches.
 * Cross-session views are left as loaded (a record does not carry its project, so whether it
 * belongs cannot be told here); they pick new records up when reloaded.
 */
export function insertLiveRecord(queryClient: QueryClient, record: CompactionRecord): void {
  insertLiveRecords(queryClient, [record]);
}

/**
 * New records of one session (a batch of live frames, in order): one cache update per ledger view.
 * A view they have grown too far is cut back to its first page (boundLiveGrowth); one on screen
 * with its top in view is cut back by the table, which knows where it is scrolled.
 */
export function insertLiveRecords(queryClient: QueryClient, records: readonly CompactionRecord[]): void {
  const first = records[0];
  if (first === undefined) return;
  const grown: QueryKey[] = [];
  updateLedgers(queryClient, first.session_id, (data, key) => {
    const view = ledgerKeys.viewOf(key);
    if (view === null || view.sessionId === ALL_SESSIONS) return data;
    const search = fromListQuery(view.query);
    const next = insertRecordsInPages(data, records, search);
    if (next !== data) grown.push(key);
    return next;
  });
  for (const key of grown) {
    const observed = (queryClient.getQueryCache().find({ queryKey: key, exact: true })?.getObserversCount() ?? 0) > 0;
    boundLiveGrowth(queryClient, key, observed ? 'scrolled' : 'hidden');
  }
}

/**
 * Cuts a ledger view that live records have grown too far (ledger-cache.ts, collapseDue) back to
 * its first page and reads that page again: now when the view is on screen, when it is next shown
 * otherwise. Until the page's answer lands the view keeps its records, so nothing on screen moves.
 */
export function boundLiveGrowth(queryClient: QueryClient, key: QueryKey, place: ViewPlace, paced = false): void {
  const data = queryClient.getQueryData<LedgerData>(key);
  if (!data || !collapseDue(data, place, paced)) return;
  // Already being read again (or paged): that answer decides; asking again would cancel it.
  if (queryClient.isFetching({ queryKey: key, exact: true }) > 0) return;
  queryClient.setQueryData<LedgerData>(key, firstPageOnly(data));
  void queryClient.invalidateQueries({ queryKey: key, exact: true });
}

/** Records rolled back (compaction.rolled_back). */
export function markLiveRolledBack(queryClient: QueryClient, sessionId: string, ids: readonly string[]): void {
  updateLedgers(queryClient, sessionId, (data) => markRolledBack(data, ids));
}

/** The loaded records of one ledger view, for previous/next. */
export function loadedRecords(queryClient: QueryClient, key: QueryKey): CompactionRecord[] {
  return flattenPages(queryClient.getQueryData<LedgerData>(key));
}
