import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/api/query-keys';

/** GET /sessions/{id}/compaction-config/history: an agent's recent saved changes, newest first. */
export function configHistoryQuery(sessionId: string, agentPath: string, limit = 10) {
  return queryOptions({
    queryKey: [...queryKeys.session(sessionId), 'compaction-config-history', agentPath, limit] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api().GET('/sessions/{session_id}/compaction-config/history', {
          params: { path: { session_id: sessionId }, query: { agent_path: agentPath, limit } },
          signal,
        }),
      ),
  });
}
