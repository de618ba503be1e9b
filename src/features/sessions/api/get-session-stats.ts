import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/api/query-keys';

/** GET /sessions/{session_id}/compaction-stats: compaction over all of the session's agents. */
export function sessionStatsQuery(sessionId: string) {
  return queryOptions({
    queryKey: queryKeys.sessionStats(sessionId),
    queryFn: async ({ signal }) =>
      unwrap(await api().GET('/sessions/{session_id}/compaction-stats', { params: { path: { session_id: sessionId } }, signal })),
  });
}
