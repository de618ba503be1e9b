import type { Store } from '../../store/store';
import type { AgentState, Checkpoint, SessionState } from '../../store/types';
import { notFound } from '../errors';

/** The session, agent and checkpoint a request names, or the daemon's 404 for the one missing. */
export function requireSession(store: Store, sessionId: string): SessionState {
  const session = store.session(sessionId);
  if (!session) throw notFound('session', sessionId);
  return session;
}

export function requireAgent(store: Store, session: SessionState, agentPath: string): AgentState {
  const agent = store.agent(session, agentPath);
  if (!agent) throw notFound('agent', agentPath);
  return agent;
}

export function requireCheckpoint(session: SessionState, checkpointId: string): Checkpoint {
  const checkpoint = session.checkpoints.find((c) => c.id === checkpointId);
  if (!checkpoint) throw notFound('checkpoint', checkpointId);
  return checkpoint;
}

