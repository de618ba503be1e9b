import { partialMatchKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { ledgerKeys, queryKeys } from '../../../lib/api/query-keys';
import type { Schemas } from '../../../domain/contract/types';

export type RollbackResult = Schemas['RollbackResult'];

async function postRollback(sessionId: string, checkpointId: string, dryRun: boolean, idempotencyKey: string | null, signal?: AbortSignal): Promise<RollbackResult> {
  return unwrap(
    await api().POST('/sessions/{session_id}/checkpoints/{checkpoint_id}/rollback', {
      params: { path: { session_id: sessionId, checkpoint_id: checkpointId }, header: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} },
      body: dryRun ? { dry_run: true } : {},
      signal,
    }),
  );
}

/**
 * POST …/rollback {dry_run: true}: what rolling back to the checkpoint would restore and supersede.
 * Changes nothing, so it is server state; under the session prefix, a live frame refreshes it.
 */
export function rollbackPreviewQuery(sessionId: string, checkpointId: string) {
  return queryOptions({
    queryKey: queryKeys.rollbackPreview(sessionId, checkpointId),
    queryFn: ({ signal }) => postRollback(sessionId, checkpointId, true, null, signal),
  });
}

export interface RollbackVariables {
  checkpointId: string;
  idempotencyKey: string;
}

/** POST …/rollback {}: un-supersedes what the compactions after the checkpoint superseded. */
export function useRollback(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rollback', sessionId],
    mutationFn: ({ checkpointId, idempotencyKey }: RollbackVariables) => postRollback(sessionId, checkpointId, false, idempotencyKey),
    onSettled: () =>
      Promise.all([
        // Previews are stale now but not asked again while shown: the one just applied would answer 409.
        queryClient.invalidateQueries({ queryKey: queryKeys.rollbackPreviews(sessionId), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId), predicate: (query) => !partialMatchKey(query.queryKey, queryKeys.rollbackPreviews(sessionId)) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
        // The ledger's pages live outside the session prefix (see ledgerKeys).
        queryClient.invalidateQueries({ queryKey: ledgerKeys.session(sessionId) }),
      ]),
  });
}
