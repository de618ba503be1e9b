import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { subscribeToFrameBatches } from '../../../lib/live/frame-bus';
import type { CompactionRecord } from '../../../domain/contract/types';
import { ledgerKeys } from '../../../lib/api/query-keys';
import { applyServerRecord, insertLiveRecords, markLiveRolledBack } from '../api/record-cache';
import { nextSweepIn, withArrived, withoutEnded, type Arrivals } from './arrivals';
import { withDaemonTotal, type LedgerData } from './ledger-cache';
import { reapplyArrivals } from './ledger-inserts';
import { fetchLedgerPage } from '../api/list-compactions';
import { fromListQuery } from '../../../domain/ledger-list-query';
import { recordChangeOf, type RecordChange } from '../../../lib/live/record-changes';
import { groupBy } from '../../../domain/group-by';
import { sharedFrameBatch } from '../../../lib/frame-batch';

interface ArrivalsState {
  /**
   * Records that arrived live a moment ago, by batch: when, on the document's timeline
   * (`performance.now()`), so that a row's highlight shows its record's age whichever row element draws it.
   */
  at: Arrivals;
  add: (ids: readonly string[], at: number) => void;
  /** Clears the highlights that have ended by `now`. */
  expire: (now: number) => void;
}

export const useArrivals = create<ArrivalsState>()((set) => ({
  at: [],
  add: (ids, at) => set((s) => ({ at: withArrived(s.at, ids, at) })),
  expire: (now) =>
    set((s) => {
      const next = withoutEnded(s.at, now);
      return next === s.at ? s : { at: next };
    }),
}));

let sweep: ReturnType<typeof setTimeout> | null = null;

/**
 * Clears ended highlights once the oldest has ended, and again while any is left (arrivals.ts);
 * with the next live batch (the shared frame batch), so that under a burst the ledger renders the
 * clearing with that batch, not once more in a task of its own.
 */
function scheduleSweep(): void {
  if (sweep !== null) return;
  const delay = nextSweepIn(useArrivals.getState().at, performance.now());
  if (delay === null) return;
  sweep = setTimeout(() => {
    sharedFrameBatch()(() => {
      sweep = null;
      useArrivals.getState().expire(performance.now());
      scheduleSweep();
    });
  }, delay);
}

/**
 * Live records of the last two minutes, by session: put back into a fetch that predates them. At
 * most a thousand a session (fifty seconds at twenty a second, far longer than a read may take),
 * so a burst does not hold on to every record it brought.
 */
const JOURNAL_MS = 120_000;
const JOURNAL_MAX = 1000;
const journal = new Map<string, { at: number; record: CompactionRecord }[]>();

/** New records of one session, remembered together (one pass over its journal). */
function remember(records: readonly CompactionRecord[]): void {
  const first = records[0];
  if (first === undefined) return;
  const now = Date.now();
  const ids = new Set(records.map((record) => record.id));
  const entries = (journal.get(first.session_id) ?? []).filter((e) => now - e.at < JOURNAL_MS && !ids.has(e.record.id));
  for (const record of records) entries.push({ at: now, record });
  journal.set(first.session_id, entries.slice(-JOURNAL_MAX));
}

/** How long a session's stream stays quiet before a view's unsure total is read again. */
const SETTLE_MS = 1000;
/** Live records counted per session (to tell whether any arrived while a count was read). */
const arrivedCount = new Map<string, number>();
const settleTimers = new Map<string, ReturnType<typeof setTimeout>>();
/**
 * Views (by query hash) whose count may be off until it is read again: records arrived while the
 * view was being read. Kept here, not in the cached data, which a read of the next page replaces.
 */
const unsureViews = new Set<string>();

/** The ledger views of one session in the cache. */
function sessionViews(queryClient: QueryClient, sessionId: string) {
  return queryClient.getQueryCache().findAll({ queryKey: ledgerKeys.session(sessionId) });
}

/**
 * Reads again, once the session's stream has been quiet for a second, the count of each of its
 * views whose total is unsure (unsureViews, or ledger-cache.ts totalUnsure): under a burst the
 * pages of one read answer totals of different moments, and the records put back into them were
 * counted twice. An answer read while records arrived, or while the view was being read again, is
 * of no use: it waits for the next quiet second.
 */
function settleTotals(queryClient: QueryClient, sessionId: string): void {
  const pending = settleTimers.get(sessionId);
  if (pending !== undefined) clearTimeout(pending);
  settleTimers.set(
    sessionId,
    setTimeout(() => {
      settleTimers.delete(sessionId);
      for (const query of sessionViews(queryClient, sessionId)) {
        const key = query.queryKey;
        const view = ledgerKeys.viewOf(key);
        const data = query.state.data as LedgerData | undefined;
        if (view === null || data === undefined || (data.totalUnsure !== true && !unsureViews.has(query.queryHash))) continue;
        const before = arrivedCount.get(sessionId) ?? 0;
        fetchLedgerPage(sessionId, fromListQuery(view.query), null, 1).then(
          (page) => {
            if ((arrivedCount.get(sessionId) ?? 0) !== before || queryClient.isFetching({ queryKey: key, exact: true }) > 0) return settleTotals(queryClient, sessionId);
            const current = queryClient.getQueryData<LedgerData>(key);
            if (current === undefined) return;
            unsureViews.delete(query.queryHash);
            queryClient.setQueryData(key, withDaemonTotal(current, page.total));
          },
          // Not read: the total stays as it is until the next read of the view (a failure here is no news to the operator).
          () => undefined,
        );
      }
    }, SETTLE_MS),
  );
}

/** New records: into the journal and every loaded view of their session at once, highlighted for a while. */
function arrive(queryClient: QueryClient, records: readonly CompactionRecord[]): void {
  if (records.length === 0) return;
  for (const group of groupBy(records, (record) => record.session_id).values()) {
    const sessionId = group[0]!.session_id;
    arrivedCount.set(sessionId, (arrivedCount.get(sessionId) ?? 0) + group.length);
    remember(group);
    // A view being read now answers a total of some moment during this burst: read it again after.
    let unsure = settleTimers.has(sessionId);
    for (const query of sessionViews(queryClient, sessionId)) {
      if (query.state.fetchStatus !== 'fetching') continue;
      unsureViews.add(query.queryHash);
      unsure = true;
    }
    insertLiveRecords(queryClient, group);
    if (unsure) settleTotals(queryClient, sessionId);
  }
  const ids = records.map((record) => record.id);
  useArrivals.getState().add(ids, performance.now());
  scheduleSweep();
}

/** Live records of the session that arrived at or after `since` (and within the journal's two minutes). */
function arrivalsSince(sessionId: string, since: number): CompactionRecord[] {
  const now = Date.now();
  return (journal.get(sessionId) ?? []).filter((e) => e.at >= since && now - e.at < JOURNAL_MS).map((e) => e.record);
}

/** A change to records already cached (a flag saved elsewhere, a rollback), or a frame that breaks the rules. */
function applyChange(queryClient: QueryClient, change: Exclude<RecordChange, { kind: 'new' }>): void {
  switch (change.kind) {
    case 'changed':
      applyServerRecord(queryClient, change.record);
      break;
    case 'rolled_back':
      markLiveRolledBack(queryClient, change.sessionId, change.ids);
      break;
    case 'invalid':
      console.warn(`Live stream: ${change.reason}; the ledger was not changed.`);
      break;
  }
}

/** When each ledger query's current fetch started (by query hash). */
const fetchStarts = new Map<string, number>();

/**
 * Compaction frames change the cached records in place: a new record joins the loaded ledger
 * views it matches (and is highlighted), a flag saved anywhere replaces older cached versions,
 * a rollback marks records. Installed once by the app (live.ts, registered in app/live-effects.ts),
 * so the ledger stays true while it is not on screen too. A fetch that was in flight when a record
 * arrived answers without it; the record is put back when that answer lands (only then: a fetch
 * that started after it, a resync after a daemon restart say, is taken as it is).
 */
export function installLedgerLive(queryClient: QueryClient): () => void {
  const unsubscribeFrames = subscribeToFrameBatches((frames) => {
    // New records in a row are applied together (one cache update per view for the batch); any
    // other change applies what came before it first, so the order holds.
    let arrived: CompactionRecord[] = [];
    for (const frame of frames) {
      const change = recordChangeOf(frame);
      if (change === null) continue;
      if (change.kind === 'new') {
        arrived.push(change.record);
        continue;
      }
      arrive(queryClient, arrived);
      arrived = [];
      applyChange(queryClient, change);
    }
    arrive(queryClient, arrived);
  });
  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey;
    const view = ledgerKeys.viewOf(key);
    if (view === null) return;
    if (event.type === 'removed') {
      fetchStarts.delete(event.query.queryHash);
      unsureViews.delete(event.query.queryHash);
      return;
    }
    if (event.type !== 'updated') return;
    if (event.action.type === 'fetch') {
      fetchStarts.set(event.query.queryHash, Date.now());
      return;
    }
    if (event.action.type !== 'success' || event.action.manual) return;
    const { sessionId } = view;
    // Only records that arrived while this fetch was on its way: an answer from after a record
    // arrived holds it already, or (after a daemon restart) rightly does not.
    const started = fetchStarts.get(event.query.queryHash) ?? Number.POSITIVE_INFINITY;
    if (arrivalsSince(sessionId, started).length === 0) return;
    // After the cache has finished telling everyone about the answer.
    queueMicrotask(() => {
      const data = queryClient.getQueryData<LedgerData>(key);
      if (!data) return;
      const next = reapplyArrivals(data, arrivalsSince(sessionId, started), fromListQuery(view.query));
      if (next === data) return;
      queryClient.setQueryData(key, next);
      if (next.totalUnsure === true) settleTotals(queryClient, sessionId);
    });
  });
  return () => {
    unsubscribeFrames();
    unsubscribeCache();
  };
}
