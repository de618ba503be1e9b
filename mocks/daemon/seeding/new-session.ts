import { NO_COST } from '../../../src/domain/accounting/cost';
import type { AgentState, SessionState } from '../../store/types';

/** An agent with nothing in its window yet. */
export function newAgent(agent_path: string, parent_path: string | null, model_alias: string, plugins: string[], own: Record<string, unknown> = {}): AgentState {
  return {
    agent_path,
    parent_path,
    name: agent_path.split('/').pop() ?? agent_path,
    model_alias,
    messages: [],
    own,
    config_version: 1,
    primary_cost: NO_COST,
    plugins,
    summarizer_fails: false,
  };
}

export function newSession(id: string, project_id: string, title: string, source: SessionState['source'], createdAt: string, agents: AgentState[]): SessionState {
  return { id, project_id, title, status: 'idle', created_at: createdAt, updated_at: createdAt, source, agents, pending_checkpoint_id: null, compactions: [], checkpoints: [], proposals: {}, run_seq: 0 };
}
