// What keeps the simulator's memory bounded however many transcripts it follows: a followed
// session that is idle and unviewed drops its messages and recorded calls (nearly all of its
// memory), keeping its records, checkpoints and the figures the list shows; when a request needs
// them, they are made again from its file, exactly as they were (the same ids, the same records).
// The file is the store: a re-read that does not give what was dropped (a hash of it) found the
// file changed, and the follower reads it again whole, with its notice (followed-session.ts).

import type { ImportedTranscript } from '../../../src/domain/transcripts/types';
import { Store } from '../../store/store';
import type { HeldAgentView, SessionState } from '../../store/types';
import { toAgent } from '../read-models/views';
import { seedTranscriptSession } from './transcript-session';

/** 53 bits of a string's hash (cyrb53): two independent 32-bit mixes. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The data a drop lets go of, as one text: each agent's messages and recorded calls, by agent path (a subagent that joined later is listed where an import of the whole puts it). */
function droppedData(session: SessionState): string {
  const agents = [...session.agents].sort((a, b) => (a.agent_path < b.agent_path ? -1 : a.agent_path > b.agent_path ? 1 : 0));
  return JSON.stringify(agents.map((a) => [a.agent_path, a.messages, a.recorded ?? null]));
}

function fingerprint(session: SessionState): string {
  const text = droppedData(session);
  return `${text.length}:${hash53(text)}`;
}

/**
 * Whether the session can be dropped and made again from its file alone: followed, idle (or, with
 * `running`, still running: a start-up backlog beyond what is kept, mocks/follow/follower.ts), every
 * record one its transcript recorded (nothing the simulator or an operator added to its messages),
 * nothing pending.
 */
export function droppable(store: Store, session: SessionState, running = false): boolean {
  return (
    session.followed !== undefined &&
    (session.status === 'idle' || (running && session.status === 'running')) &&
    !store.dropped.has(session.id) &&
    session.pending_checkpoint_id === null &&
    Object.keys(session.proposals).length === 0 &&
    session.compactions.every((r) => r.provenance.origin === 'recorded')
  );
}

/** Lets go of a session's messages and recorded calls, keeping what the views showed of them. */
export function dropMessages(store: Store, session: SessionState): void {
  const views: Record<string, HeldAgentView> = {};
  for (const agent of session.agents) {
    const { estimate_parts, recorded_peak_tokens, message_count, superseded_count } = toAgent(store, session, agent);
    views[agent.agent_path] = { estimate_parts, recorded_peak_tokens, message_count, superseded_count };
  }
  const print = fingerprint(session);
  for (const agent of session.agents) {
    agent.messages = [];
    agent.recorded = null;
  }
  store.dropped.set(session.id, { fingerprint: print, views });
}

/**
 * A store in which the transcript is replayed with the ids the session's records and checkpoints
 * got the first time (from the daemon's counter), each agent's in its own order: a read of the
 * whole replays the primary, then each subagent, where a subagent file that joined a followed
 * session later got its ids between the primary's.
 */
function replayStore(held: Store, session: SessionState): Store {
  const scratch = new Store();
  const ids = new Map<string, string[]>();
  const handOut = (key: string, id: string) => ids.set(key, [...(ids.get(key) ?? []), id]);
  for (const r of session.compactions) handOut(`cmp ${r.agent_path}`, r.id);
  for (const c of session.checkpoints) handOut(`chk ${c.agent_path}`, c.id);
  let replayed = 0;
  scratch.nextId = (prefix: string, agentPath?: string) => ids.get(`${prefix} ${agentPath ?? ''}`)?.shift() ?? `${prefix}_replay_${replayed++}`;
  for (const [model, window] of held.windowOverrides) scratch.windowOverrides.set(model, window);
  return scratch;
}

/**
 * Makes a dropped session's messages again from `transcript` (its files as they were read). True
 * when they are exactly what was dropped (they are back); false when the file says something else
 * (it changed while dropped): the session is left as it was, for the follower to read it again.
 */
export function restoreMessages(held: Store, session: SessionState, transcript: ImportedTranscript): boolean {
  const dropped = held.dropped.get(session.id);
  if (!dropped) return true;
  const rebuilt = seedTranscriptSession(replayStore(held, session), transcript, { id: session.id, project_id: session.project_id });
  if (rebuilt.agents.length !== session.agents.length || fingerprint(rebuilt) !== dropped.fingerprint) return false;
  for (const agent of session.agents) {
    const from = rebuilt.agents.find((a) => a.agent_path === agent.agent_path);
    agent.messages = from?.messages ?? [];
    agent.recorded = from?.recorded ?? null;
  }
  held.dropped.delete(session.id);
  return true;
}
