import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../client';
import { queryKeys } from '../query-keys';

/**
 * GET /sessions/{session_id}/compaction-stats?agent_path=: the daemon's aggregates for one agent
 * or all (null). Under the session's key prefix, so every live frame of the session refreshes it.
 */
export function compactionStatsQuery(sessionId: string, agentPath: string | null) {
  return queryOptions({
    queryKey: [...queryKeys.sessionStats(sessionId), agentPath ?? '(all agents)'] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api().GET('/sessions/{session_id}/compaction-stats', {
          params: { path: { session_id: sessionId }, query: agentPath ? { agent_path: agentPath } : {} },
          signal,
        }),
      ),
  });
}
