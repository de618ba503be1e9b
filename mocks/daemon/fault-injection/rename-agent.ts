import { DaemonError } from '../errors';
import type { SessionState } from '../../store/types';

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
