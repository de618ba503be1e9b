import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../client';
import { queryKeys } from '../query-keys';

/** GET /sessions/{session_id}/compaction-config?agent_path=: the agent's effective values and their sources. */
export function compactionConfigQuery(sessionId: string, agentPath: string) {
  return queryOptions({
    queryKey: [...queryKeys.compactionConfig(sessionId), agentPath] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api().GET('/sessions/{session_id}/compaction-config', {
          params: { path: { session_id: sessionId }, query: { agent_path: agentPath } },
          signal,
        }),
      ),
  });
}
