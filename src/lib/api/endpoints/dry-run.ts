import { useMutation } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../client';
import type { Schemas } from '../../../domain/contract/types';

export type CompactRequest = Schemas['CompactRequest'];
export type DryRunResult = Schemas['DryRunResult'];

/** POST /sessions/{session_id}/compactions/dry-run: what a compaction would do; nothing is persisted. */
export async function fetchDryRun(sessionId: string, request: CompactRequest, signal?: AbortSignal): Promise<DryRunResult> {
  return unwrap(
    await api().POST('/sessions/{session_id}/compactions/dry-run', {
      params: { path: { session_id: sessionId } },
      body: { ...request, dry_run: true },
      signal,
    }),
  );
}

/** The Preview button: one dry run per click. */
export function useDryRun(sessionId: string) {
  return useMutation({
    mutationKey: ['dry-run', sessionId],
    mutationFn: (request: CompactRequest) => fetchDryRun(sessionId, request),
  });
}
