import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/api/query-keys';
import type { Schemas } from '../../../domain/contract/types';

export type Checkpoint = Schemas['Checkpoint'];

export const checkpointKeys = {
  /** Under the session prefix: every live frame of the session refreshes it. */
  list: (sessionId: string) => queryKeys.checkpoints(sessionId),
};

/** GET /sessions/{session_id}/checkpoints: oldest first. */
export function checkpointsQuery(sessionId: string) {
  return queryOptions({
    queryKey: checkpointKeys.list(sessionId),
    queryFn: async ({ signal }) =>
      unwrap(await api().GET('/sessions/{session_id}/checkpoints', { params: { path: { session_id: sessionId } }, signal })).items,
  });
}
