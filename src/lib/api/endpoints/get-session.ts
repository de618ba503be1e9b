import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../client';
import { queryKeys } from '../query-keys';

/** GET /sessions/{session_id}: the session with its agent tree. */
export function sessionQuery(sessionId: string) {
  return queryOptions({
    queryKey: queryKeys.sessionDetail(sessionId),
    queryFn: async ({ signal }) => unwrap(await api().GET('/sessions/{session_id}', { params: { path: { session_id: sessionId } }, signal })),
  });
}
