import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CompactionPage } from '../../../lib/api/endpoints/list-compactions';
import { subscribeToFrames } from '../../../lib/live/frame-bus';
import { recordChangeOf } from '../../../lib/live/record-changes';
import { seriesKeys, SERIES_LIMIT } from '../api/list-recent-compactions';
import { addToSeries, markRolledBackInSeries, replaceInSeries } from '../lib/series-cache';

const installed = new WeakSet<QueryClient>();

function updateSeries(queryClient: QueryClient, sessionId: string, change: (page: CompactionPage, agentPath: string | null) => CompactionPage): void {
  for (const [key, page] of queryClient.getQueriesData<CompactionPage>({ queryKey: seriesKeys.session(sessionId) })) {
    if (!page) continue;
    const next = change(page, (key[2] as string | null | undefined) ?? null);
    if (next !== page) queryClient.setQueryData<CompactionPage>(key, next);
  }
}

/**
 * Compaction frames change the charts' cached samples in place: a new record joins the samples
 * of its agent and of all agents, a flag saved anywhere replaces an older version, a rollback
 * marks records. Installed once per query client and kept for the app's life. (A frame that
 * breaks the contract is reported by the ledger's subscriber, and skipped here.)
 */
export function installSeriesLive(queryClient: QueryClient): void {
  if (installed.has(queryClient)) return;
  installed.add(queryClient);
  subscribeToFrames((frame) => {
    const change = recordChangeOf(frame);
    if (change === null) return;
    if (change.kind === 'new') {
      updateSeries(queryClient, change.record.session_id, (page, agentPath) => addToSeries(page, change.record, agentPath, SERIES_LIMIT));
    } else if (change.kind === 'changed') {
      updateSeries(queryClient, change.record.session_id, (page) => replaceInSeries(page, change.record));
    } else if (change.kind === 'rolled_back') {
      updateSeries(queryClient, change.sessionId, (page) => markRolledBackInSeries(page, change.ids));
    }
  });
}

export function useSeriesLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => installSeriesLive(queryClient), [queryClient]);
}
