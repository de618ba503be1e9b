import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/api/query-keys';
import type { Schemas } from '../../../domain/contract/types';

export type ResumeRequest = Schemas['ResumeRequest'];
export type ResumeResult = Schemas['ResumeResult'];

export interface ResumeVariables {
  checkpointId: string;
  body: ResumeRequest;
  /** One key per decision: a retry or a double click resolves the checkpoint once. */
  idempotencyKey: string;
}

/** POST /sessions/{session_id}/checkpoints/{checkpoint_id}/resume: approve, edit or reject; the session resumes. */
export function useResumeCheckpoint(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['resume-checkpoint', sessionId],
    mutationFn: async ({ checkpointId, body, idempotencyKey }: ResumeVariables): Promise<ResumeResult> =>
      unwrap(
        await api().POST('/sessions/{session_id}/checkpoints/{checkpoint_id}/resume', {
          params: { path: { session_id: sessionId, checkpoint_id: checkpointId }, header: { 'Idempotency-Key': idempotencyKey } },
          body,
        }),
      ),
    // checkpoint.resolved and session.updated frames say the same; this covers a stream that is down.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
      ]),
  });
}
