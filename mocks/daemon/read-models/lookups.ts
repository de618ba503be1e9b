import type { Store } from '../../store/store';
import type { AgentState, Checkpoint, CompactionRecord, Project, SessionState } from '../../store/types';
import { notFound } from '../errors';

/** The project, session, agent, compaction and checkpoint a request names, or the daemon's 404 for the one missing. */
export function requireProject(store: Store, projectId: string): Project {
  const project = store.projects.get(projectId);
  if (!project) throw notFound('project', projectId);
  return project;
}

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

/** A compaction record of the session (one of another session is not found either). */
export function requireCompaction(store: Store, session: SessionState, compactionId: string): CompactionRecord {
  const record = store.compaction(compactionId);
  if (!record || record.session_id !== session.id) throw notFound('compaction', compactionId);
  return record;
}
