import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import type { Schemas } from '../../../domain/contract/types';

/** PUT /sessions/{id}/compaction-config: an agent's own values (409 on a stale version, 422 with field errors). */
export async function saveCompactionConfig(sessionId: string, agentPath: string, write: Schemas['CompactionConfigWrite']): Promise<Schemas['AgentCompactionConfig']> {
  return unwrap(
    await api().PUT('/sessions/{session_id}/compaction-config', {
      params: { path: { session_id: sessionId }, query: { agent_path: agentPath } },
      body: write,
    }),
  );
}
