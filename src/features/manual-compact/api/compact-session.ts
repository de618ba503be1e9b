import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/api/query-keys';
import type { Schemas } from '../../../domain/contract/types';

export type CompactResult = Schemas['CompactResult'];

export interface CompactVariables {
  request: Schemas['CompactRequest'];
  /** The same key for the same previewed settings: a retry or a double click compacts once. */
  idempotencyKey: string;
}

/** POST /sessions/{session_id}/compact: the manual compaction, overrides for this invocation only. */
export function useCompactSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['compact', sessionId],
    mutationFn: async ({ request, idempotencyKey }: CompactVariables): Promise<CompactResult> =>
      unwrap(
        await api().POST('/sessions/{session_id}/compact', {
          params: { path: { session_id: sessionId }, header: { 'Idempotency-Key': idempotencyKey } },
          body: { ...request, dry_run: false },
        }),
      ),
    // The live stream says the same; this covers a stream that is down.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
      ]),
  });
}
