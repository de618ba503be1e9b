import { DaemonError } from '../errors';
import type { Store } from '../../store/store';
import type { SessionState } from '../../store/types';
import { requireSession } from '../read-models/lookups';

/**
 * Gives an agent another path everywhere the session names it (its children's parent, its
 * compactions and checkpoints), for the hostile-text tests: a path no transcript would give
 * (markup, lone surrogates, 1 MB) through every screen that shows or sends agent paths.
 */
export function renameAgent(session: SessionState, from: string, to: string): void {
  const agent = session.agents.find((a) => a.agent_path === from);
  if (!agent) throw new DaemonError(404, 'not_found', `agent ${from} not found`);
  if (to.length === 0 || session.agents.some((a) => a.agent_path === to)) throw new DaemonError(400, 'invalid_request', 'the new path is empty or taken');
  agent.agent_path = to;
  for (const a of session.agents) if (a.parent_path === from) a.parent_path = to;
  for (const r of session.compactions) if (r.agent_path === from) r.agent_path = to;
  for (const c of session.checkpoints) if (c.agent_path === from) c.agent_path = to;
}

/** POST /__mock/sessions/{id}/agents/rename: `renameAgent` in a stored session, its records indexed again. */
export function renameSessionAgent(store: Store, sessionId: string, from: string, to: string): { id: string; agent_path_length: number } {
  const session = requireSession(store, sessionId);
  renameAgent(session, from, to);
  store.indexCompactions(session);
  store.touch(session.id);
  return { id: session.id, agent_path_length: to.length };
}

/** POST /__mock/sessions/{id}/title: a title no transcript would give (5,000 characters, markup, lone surrogates). */
export function retitleSession(store: Store, sessionId: string, title: string): { id: string; title_length: number } {
  const session = requireSession(store, sessionId);
  session.title = title;
  store.touch(session.id);
  return { id: session.id, title_length: session.title.length };
}
