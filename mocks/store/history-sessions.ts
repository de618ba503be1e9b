/**
 * The generated history's sessions (history.ts) as the daemon's other code sees sessions: a list
 * row without its records, or a whole session with every record materialized.
 */
import { HISTORY_SOURCE, historyId, materialize, type History, type HistoryAgent, type HistorySession, type RecordEdit } from './history';
import type { AgentState, CompactionRecord, Message, SessionState } from './types';

function toAgent(a: HistoryAgent, messages: Message[]): AgentState {
  return {
    agent_path: a.path,
    parent_path: a.parent,
    name: a.path.split('/').pop() ?? a.path,
    model_alias: a.model_alias,
    messages,
    own: { ...a.own },
    config_version: 1,
    primary_cost: a.primary_cost,
    plugins: [...a.plugins],
    summarizer_fails: false,
  };
}

/**
 * A history session as the daemon's other code sees sessions. Its messages are made again only
 * for a whole session (hydrateSession); a list row leaves them and its records out.
 */
export function sessionState(history: History, index: number, records: CompactionRecord[], withMessages = false): SessionState {
  const s = history.sessions[index] as HistorySession;
  return {
    id: s.id,
    project_id: s.project_id,
    title: s.title,
    status: s.status,
    created_at: new Date(s.created_at).toISOString(),
    updated_at: new Date(s.updated_at).toISOString(),
    source: { ...HISTORY_SOURCE },
    agents: s.agents.map((a) => toAgent(a, withMessages ? history.messagesOf(index, a) : [])),
    pending_checkpoint_id: null,
    compactions: records,
    checkpoints: [],
    proposals: {},
    run_seq: records.length,
  };
}

/** The session with every record materialized (for the session view, its ledger and stats). */
export function hydrateSession(history: History, index: number, edits: ReadonlyMap<string, RecordEdit>): SessionState {
  const records: CompactionRecord[] = [];
  for (let k = history.factStart[index] as number; k < (history.factStart[index + 1] as number); k++) {
    const row = history.factsBySession[k] as number;
    records.push(materialize(history, row, edits.get(historyId(row))));
  }
  return sessionState(history, index, records, true);
}
