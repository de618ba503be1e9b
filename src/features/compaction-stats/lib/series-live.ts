import type { QueryClient } from '@tanstack/react-query';
import type { CompactionPage } from '../../../lib/api/endpoints/list-compactions';
import { groupBy } from '../../../domain/group-by';
import { subscribeToFrameBatches } from '../../../lib/live/frame-bus';
import { recordChangeOf, type RecordChange } from '../../../lib/live/record-changes';
import { seriesKeys, SERIES_LIMIT } from '../api/list-recent-compactions';
import { applyToSeries } from './series-cache';

function updateSeries(queryClient: QueryClient, sessionId: string, change: (page: CompactionPage, agentPath: string | null) => CompactionPage): void {
  for (const [key, page] of queryClient.getQueriesData<CompactionPage>({ queryKey: seriesKeys.session(sessionId) })) {
    if (!page) continue;
    const next = change(page, seriesKeys.agentOf(key));
    if (next !== page) queryClient.setQueryData<CompactionPage>(key, next);
  }
}

/**
 * Compaction frames change the charts' cached samples in place: a new record joins the samples
 * of its agent and of all agents, a flag saved anywhere replaces an older version, a rollback
 * marks records. Installed once by the app (live.ts, registered in app/live-effects.ts). (A frame that
 * breaks the contract is reported by the ledger's subscriber, and skipped here.)
 */
export function installSeriesLive(queryClient: QueryClient): () => void {
  // A batch of frames (all that came since the last animation frame) is one update of each sample.
  return subscribeToFrameBatches((frames) => {
    const valid = frames.map((frame) => recordChangeOf(frame)).filter((change): change is Exclude<RecordChange, { kind: 'invalid' }> => change !== null && change.kind !== 'invalid');
    const bySession = groupBy(valid, (change) => (change.kind === 'rolled_back' ? change.sessionId : change.record.session_id));
    for (const [sessionId, changes] of bySession) {
      updateSeries(queryClient, sessionId, (page, agentPath) => applyToSeries(page, changes, agentPath, SERIES_LIMIT));
    }
  });
}
