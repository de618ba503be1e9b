// A transcript still being written, followed as a session (npm run mock:api -- --follow): each
// time its files change, what they now hold (complete lines only) is prepared like an import and
// the session gains exactly what is new: appended messages, their usage, recorded compactions and
// subagent windows that appeared. Nothing is read twice: each agent's messages already held are
// compared with the transcript's, and only the rest is replayed. A message the harness was still
// writing (a Claude Code response whose content blocks come one line at a time) is replaced
// whole. A file rewritten before that point (truncated, replaced) is read again whole, with a
// notice on the session. Everything here is what the transcript recorded: no simulated compaction.

import { addCosts, NO_COST, priceUsage } from '../../../src/domain/accounting/cost';
import type { ImportedMessage, ImportedTranscript } from '../../../src/domain/transcripts/types';
import type { PreparedUnit } from '../../importers/units';
import { pricesOf } from '../../store/catalog';
import type { Store } from '../../store/store';
import type { AgentState, CompactionRecord, Message, SessionState } from '../../store/types';
import { IMPORTED_PROJECT } from './imports';
import { agentModel } from '../settings/model-windows';
import { addTranscriptAgentSteps, drain, extendTranscriptAgentSteps, seedTranscriptSessionSteps, type ReplayCursor } from './transcript-session';
import { joinSummarizer, usageOf } from './recorded-calls';
import { toSummary } from '../read-models/views';

/** The process's memory, MB (mocks/follow/memory-meter.ts): resident, JavaScript heap used, held outside the heap, of that in ArrayBuffers. */
export interface MemoryFigures {
  rss: number;
  heap_used: number;
  external: number;
  array_buffers: number;
}

/** The memory now and the highest seen since the follower started. */
export type FollowMemory = MemoryFigures & { peak: MemoryFigures };

/** What the follower is doing (GET /__mock/follow, the start-up lines). */
export interface FollowProgress {
  folder: string;
  state: 'starting' | 'indexing' | 'watching';
  groups_total: number;
  groups_done: number;
  /** Milliseconds from start until every group present at start was read; null until then. */
  indexed_ms: number | null;
  /** The process's memory, read as the follower works; null where it cannot be read (a browser). */
  memory_mb: FollowMemory | null;
}

/** GET /__mock/follow: the progress (with the process's memory) and the followed sessions whose messages are dropped (resident-sessions.ts). */
export function followStatus(store: Store, progress: FollowProgress): FollowProgress & { sessions_dropped: number } {
  return { ...progress, sessions_dropped: store.dropped.size };
}

export interface FollowedUpdate {
  session_id: string;
  /** The folder followed, as given, and the session file's name relative to it. */
  folder: string;
  file: string;
  unit: PreparedUnit;
  /** A file is shorter than what was read of it: read again whole, whatever the comparison says. */
  truncated: string | null;
  /** When its files were last written (the last line's arrival). */
  last_write: string;
  /** Still growing (written within the idle time): running, else idle. */
  running: boolean;
}

export interface FollowedResult {
  session: SessionState;
  created: boolean;
  /** Read again whole (truncated or rewritten). */
  reread: boolean;
  messages_added: number;
  records: CompactionRecord[];
}

function sameMessage(held: Message, m: ImportedMessage): boolean {
  return held.role === m.role && held.content === m.content && held.tool_calls.length === m.tool_calls.length && held.tool_call_id === m.tool_call_id;
}

function transcriptMessages(agent: AgentState): Message[] {
  return agent.messages.filter((m) => m.metadata.kind !== 'compaction_summary');
}

function recordedOf(session: SessionState, agent: AgentState): CompactionRecord[] {
  return session.compactions.filter((r) => r.agent_path === agent.agent_path && r.provenance.origin === 'recorded');
}

/**
 * How much of `t` the agent already holds. A changed tail after its last recorded compaction (a
 * response still being written) is taken off, to be replayed whole; a change before it means the
 * file was rewritten: null.
 */
function cursorOf(session: SessionState, agent: AgentState, t: ImportedTranscript): ReplayCursor | null {
  const held = transcriptMessages(agent);
  const compactions = recordedOf(session, agent).length;
  if (t.compactions.length < compactions) return null;
  let same = 0;
  while (same < held.length && same < t.messages.length && sameMessage(held[same] as Message, t.messages[same] as ImportedMessage)) same += 1;
  if (same === held.length) return { messages: same, compactions };
  const lastBoundary = compactions > 0 ? (t.compactions[compactions - 1]?.boundary_index ?? 0) : 0;
  if (same < lastBoundary || held.slice(same).some((m) => m.superseded)) return null;
  agent.messages.length -= held.length - same;
  return { messages: same, compactions };
}

/** Sizes follow the recorded usage as it arrives (token-profile.ts spreads each call's growth over the messages before it). */
function resize(agent: AgentState, t: ImportedTranscript): void {
  const sizes = t.token_profile?.sizes;
  if (!sizes) return;
  transcriptMessages(agent).forEach((m, i) => {
    const size = sizes[i];
    if (size !== undefined) m.metadata.token_estimate = size;
  });
}

/** The agent's calls priced at what they recorded (the same sum the replay makes, over the whole transcript). */
function reprice(agent: AgentState, t: ImportedTranscript): void {
  let cost = NO_COST;
  for (const m of t.messages) if (m.usage) cost = addCosts(cost, priceUsage(usageOf(m.usage), pricesOf(agentModel(agent))));
  agent.primary_cost = cost;
}

function* extendSteps(store: Store, session: SessionState, t: ImportedTranscript): Generator<void, boolean> {
  const pairs: [AgentState, ImportedTranscript][] = [];
  const primary = session.agents[0];
  if (!primary) return false;
  pairs.push([primary, t]);
  const joined: ImportedTranscript[] = [];
  for (const s of t.subagents) {
    const agent = session.agents.find((a) => a.source_file === s.source_file);
    if (agent) pairs.push([agent, s]);
    else joined.push(s);
  }
  const cursors = pairs.map(([agent, transcript]) => cursorOf(session, agent, transcript));
  if (cursors.some((c) => c === null)) return false;
  for (const [k, [agent, transcript]] of pairs.entries()) {
    // A compaction agent file that joined since: the records it belongs to take its summarizer.
    for (const [j, record] of recordedOf(session, agent).entries()) {
      const ic = transcript.compactions[j];
      if (ic) joinSummarizer(agent, record, ic);
    }
    yield* extendTranscriptAgentSteps(store, session, agent, transcript, cursors[k] as ReplayCursor);
    resize(agent, transcript);
    reprice(agent, transcript);
  }
  for (const s of joined) yield* addTranscriptAgentSteps(store, session, s);
  return true;
}

function* seedSteps(store: Store, update: FollowedUpdate): Generator<void, SessionState> {
  if (!store.projects.has(IMPORTED_PROJECT.id)) store.projects.set(IMPORTED_PROJECT.id, { ...IMPORTED_PROJECT });
  return yield* seedTranscriptSessionSteps(store, update.unit.transcript, { id: update.session_id, project_id: IMPORTED_PROJECT.id });
}

function messageCount(session: SessionState | undefined): number {
  return session ? session.agents.reduce((n, a) => n + transcriptMessages(a).length, 0) : 0;
}

/**
 * Brings a followed session up to what its files now hold, and tells the event stream: each earlier
 * record measured again as compaction.updated, each new recorded compaction as compaction.completed,
 * then session.updated (with how many messages came).
 */
export function applyFollowedUpdate(store: Store, update: FollowedUpdate): FollowedResult {
  const wall = store.clock;
  const existing = store.session(update.session_id);
  const heldBefore = messageCount(existing);
  const recordsBefore = existing?.compactions.length ?? 0;
  // What each record held before (its re-read is measured again as turns come after it).
  const measuredBefore = new Map(existing?.compactions.map((record) => [record.id, JSON.stringify(record)]));
  let session: SessionState;
  let reread = false;
  try {
    if (existing && !update.truncated && drain(extendSteps(store, existing, update.unit.transcript))) {
      session = existing;
    } else {
      reread = existing !== undefined;
      if (existing) store.removeSession(existing.id);
      session = drain(seedSteps(store, update));
    }
  } finally {
    store.clock = wall;
  }
  const notice = reread ? `${update.truncated ?? update.file} was rewritten; read again whole at ${update.last_write.slice(11, 19)} UTC` : (existing?.followed?.notice ?? null);
  session.followed = { folder: update.folder, file: update.file, last_line_at: update.last_write, notice };
  session.status = update.running ? 'running' : 'idle';
  const records = session.compactions.slice(reread ? 0 : recordsBefore);
  const added = messageCount(session) - (reread ? 0 : heldBefore);
  // Read again whole: session.updated says so (the UI refetches it); otherwise each new record goes
  // out as it came, and each earlier one whose figures grew (its re-read) as compaction.updated.
  if (!reread) {
    for (const record of session.compactions.slice(0, recordsBefore)) {
      if (measuredBefore.get(record.id) !== JSON.stringify(record)) store.publish('compaction.updated', session.id, { record });
    }
    for (const record of records) store.publish('compaction.completed', session.id, { record });
  }
  store.publish('session.updated', session.id, { session: toSummary(store, session), messages_added: added, reread });
  return { session, created: !existing, reread, messages_added: added, records };
}

/** A followed session whose files stopped growing: idle until they grow again. */
export function markFollowedIdle(store: Store, sessionId: string): void {
  const session = store.session(sessionId);
  if (!session?.followed || session.status !== 'running') return;
  session.status = 'idle';
  store.publish('session.updated', session.id, { session: toSummary(store, session) });
}
