import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { create } from 'zustand';
import { describeError } from '../../../lib/api/api-error';
import { queryKeys } from '../../../lib/api/query-keys';
import { flagOrReread } from '../api/flag-compaction';
import { getCompaction } from '../api/get-compaction';
import { applyServerRecord, cachedRecord } from '../api/record-cache';
import { isDone, planFor, type BulkEdit, type BulkOutcome, type BulkResult, type BulkTarget } from '../lib/bulk-edit';
import { conflictRecord } from '../lib/conflict';
import { noteOwnSave, rebaseVersion, saveInTurn } from '../lib/pending-saves';
import { UnknownOutcomeError } from '../lib/unknown-outcome';
import { useLedgerSelection } from './use-ledger-selection';

/** PATCHes in flight at once: a selection of hundreds neither queues behind one request nor floods the daemon. */
const PARALLEL = 4;

interface BulkRunState {
  /** The run in flight: its ledger view and edit, and how many of its events are settled. */
  running: { view: string; bulk: BulkEdit; settled: number; total: number } | null;
  /** The last run's results, per event, until dismissed or the next run. */
  report: { view: string; bulk: BulkEdit; results: BulkResult[] } | null;
  dismiss: () => void;
}

export const useBulkRun = create<BulkRunState>()((set) => ({
  running: null,
  report: null,
  dismiss: () => set({ report: null }),
}));

/**
 * One event's share of a bulk edit: in turn with any other save of it, planned on the version this
 * tab has (or reads), sent once on that version; the daemon's answer goes into every cached copy.
 */
async function editOne(queryClient: QueryClient, target: BulkTarget, bulk: BulkEdit): Promise<BulkOutcome> {
  const { sessionId, compactionId } = target;
  return saveInTurn(compactionId, async (): Promise<BulkOutcome> => {
    try {
      const record = cachedRecord(queryClient, sessionId, compactionId) ?? (await getCompaction(sessionId, compactionId));
      const plan = planFor(record, bulk);
      if (plan.kind === 'already') return { kind: 'already' };
      if (plan.kind === 'refused') return { kind: 'refused', message: plan.message };
      const version = rebaseVersion(compactionId, record.version);
      const saved = await flagOrReread(sessionId, compactionId, plan.edit, version);
      noteOwnSave(compactionId, version, saved.record.version);
      applyServerRecord(queryClient, saved.record);
      return { kind: 'saved' };
    } catch (error) {
      const current = conflictRecord(error);
      if (current) {
        applyServerRecord(queryClient, current);
        return { kind: 'conflict', current };
      }
      if (error instanceof UnknownOutcomeError) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.compaction(sessionId, compactionId), exact: true });
        if (error.verdict === 'unknown') return { kind: 'unknown', message: error.message };
      }
      return { kind: 'failed', message: describeError(error) };
    }
  });
}

/**
 * Runs a bulk flag or note over the ticked events of a ledger view, a few at a time. Every event
 * is written at most once; the report says per event what happened, and the events it could not
 * finish (conflicts, failures) stay ticked, the edit kept, to look at and apply again.
 */
export function useBulkEdit(view: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (bulk: BulkEdit, targets: readonly BulkTarget[]) => {
      if (useBulkRun.getState().running || targets.length === 0) return;
      useBulkRun.setState({ running: { view, bulk, settled: 0, total: targets.length }, report: null });
      const results: BulkResult[] = new Array<BulkResult>(targets.length);
      let next = 0;
      const worker = async () => {
        while (next < targets.length) {
          const index = next++;
          const target = targets[index] as BulkTarget;
          results[index] = { ...target, outcome: await editOne(queryClient, target, bulk) };
          useBulkRun.setState((s) => (s.running ? { running: { ...s.running, settled: s.running.settled + 1 } } : s));
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, targets.length) }, worker));
      for (const sessionId of new Set(targets.map((t) => t.sessionId))) void queryClient.invalidateQueries({ queryKey: queryKeys.sessionStats(sessionId) });
      useLedgerSelection.getState().keep(
        view,
        results.filter((r) => !isDone(r.outcome)).map((r) => r.compactionId),
      );
      useBulkRun.setState({ running: null, report: { view, bulk, results } });
    },
    [queryClient, view],
  );
}
