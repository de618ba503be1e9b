import { useMutation } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../client';
import type { Schemas } from '../../../domain/contract/types';

export type CompactRequest = Schemas['CompactRequest'];
export type DryRunResult = Schemas['DryRunResult'];

/**
 * POST /sessions/{session_id}/compactions/dry-run: what a compaction would do; nothing is persisted.
 * With first, a daemon that pages proposals answers the first messages and names the proposal the
 * rest is read from (list-proposal-messages.ts); one that does not answers the whole list.
 */
export async function fetchDryRun(sessionId: string, request: CompactRequest, signal?: AbortSignal, first?: number): Promise<DryRunResult> {
  return unwrap(
    await api().POST('/sessions/{session_id}/compactions/dry-run', {
      params: { path: { session_id: sessionId }, ...(first === undefined ? {} : { query: { first } }) },
      body: { ...request, dry_run: true },
      signal,
    }),
  );
}

/** The messages a preview asks for first (the diff's first screens); the rest is read from the same proposal (hooks/use-whole-proposal.ts). */
const PREVIEW_FIRST = 200;

/** A Preview button (the compact dialog, the knobs, a checkpoint's edit): one dry run per click, its first messages only. */
export function useDryRun(sessionId: string) {
  return useMutation({
    mutationKey: ['dry-run', sessionId],
    mutationFn: (request: CompactRequest) => fetchDryRun(sessionId, request, undefined, PREVIEW_FIRST),
  });
}
