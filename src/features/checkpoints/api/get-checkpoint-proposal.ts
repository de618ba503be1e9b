import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';

/**
 * GET /sessions/{session_id}/checkpoints/{checkpoint_id}/proposal: the compaction a waiting
 * checkpoint proposes, exactly as recorded (approving applies this one, not a new run). Kept out
 * of the session's key prefix: a live frame must not redraw the diff under the reviewer's eyes.
 */
export function checkpointProposalQuery(sessionId: string, checkpointId: string) {
  return queryOptions({
    queryKey: ['checkpoint-proposal', sessionId, checkpointId] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api().GET('/sessions/{session_id}/checkpoints/{checkpoint_id}/proposal', {
          params: { path: { session_id: sessionId, checkpoint_id: checkpointId } },
          signal,
        }),
      ),
    staleTime: Infinity,
  });
}
