// A transcript as a session of the simulated daemon, showing exactly what happened in it: its
// messages, its calls priced at what they recorded, and the compactions it recorded (with their
// own summary text, trigger, tokens before and after) labelled recorded. The simulator runs no
// compaction of its own here: simulated events appear only where the operator asks for one.

import { contextParts, type ContextParts } from '../../../src/domain/accounting/context';
import { addCosts, priceUsage } from '../../../src/domain/accounting/cost';
import type { Provenance } from '../../../src/domain/accounting/provenance';
import { harnessDefaultWindow } from '../../../src/domain/accounting/window';
import { applyCompaction } from '../../engine/apply';
import { computePins } from '../../engine/pins';
import { buildRecord } from '../../engine/record';
import { extractFilePaths } from '../../engine/summarizer';
import { groupUnits } from '../../engine/units';
import { profileTokens } from '../../importers/token-profile';
import type { ImportedCompaction, ImportedMessage, ImportedTranscript, TokenProfile } from '../../../src/domain/transcripts/types';
import { pricesOf } from '../../store/catalog';
import type { Store } from '../../store/store';
import type { AgentState, CompactionRecord, Message, SessionState } from '../../store/types';
import { effectiveConfig } from '../settings/config';
import { reindex } from '../compaction/compaction-commit';
import { agentModel, windowOf } from '../settings/model-windows';
import { newAgent, newSession } from '../seeding/new-session';
import { toMessage } from '../live/simulation';
import { attachRereads } from './transcript-reread';
import { recordedSummarizer, usageOf } from './recorded-calls';
import { activeMessages } from '../read-models/views';

/** Appends recorded messages as they are, each call charged at what it recorded (cache-aware). No harness runs. */
function appendRecorded(session: SessionState, agent: AgentState, m: ImportedMessage, id: string): void {
  agent.messages.push(toMessage(m, session, agent, id));
  if (m.usage) {
    agent.primary_cost = addCosts(agent.primary_cost, priceUsage(usageOf(m.usage), pricesOf(agentModel(agent))));
  }
}

const SUMMARY_PROVENANCE: Record<NonNullable<ImportedCompaction['summary_status']>, Provenance['summary']> = {
  recorded: 'recorded',
  encrypted: 'not_readable',
  not_recorded: 'not_recorded',
};

/** A figure a transcript recorded is what a call was sent: its parts are the base and the messages, no reserve. */
function sentParts(total: number, base: number): ContextParts {
  return contextParts(total - base, base, 0);
}

/**
 * A compaction the transcript records, as a recorded CompactionRecord: the harness replaced the
 * history with the summary (every unit outside the always-keep set superseded). Tokens before are
 * what the transcript says (Claude Code's preTokens); tokens after are the next recorded call's
 * input; where it records neither, the estimator's count stands in and says so.
 */
function importRecordedCompaction(store: Store, session: SessionState, agent: AgentState, ic: ImportedCompaction, summaryTokens: number): void {
  const { values } = effectiveConfig(session, agent);
  const active = computePins(activeMessages(agent), values.always_keep).messages;
  const base = agent.base_tokens ?? 0;
  const units = groupUnits(active);
  const supersede = units.filter((u) => !u.pinned).flatMap((u) => u.messages.map((m) => m.id));
  const id = store.nextId('cmp', agent.agent_path);
  const { model: summarizerModel, cost: pluginCost } = recordedSummarizer(agent, ic);
  const summary: Message = {
    ...toMessage({ role: 'user', content: ic.summary, tool_calls: [], tool_call_id: null, tool_name: null, created_at: ic.created_at, is_error: false, usage: null, external_id: null }, session, agent, `${id}_summary`),
    metadata: { token_estimate: summaryTokens, kind: 'compaction_summary', always_keep: false, always_keep_source: null, compaction_id: id, compactor_cost: pluginCost },
  };
  const applied = reindex(applyCompaction(agent.messages, { record: { id } as CompactionRecord, superseded_ids: supersede, summary_message: summary }));
  const resulting = applied.filter((m) => !m.superseded);
  let messagesBefore = 0;
  for (const m of active) messagesBefore += m.metadata.token_estimate;
  let messagesAfter = 0;
  for (const m of resulting) messagesAfter += m.metadata.token_estimate;
  const beforeRecorded = ic.pre_tokens > 0 && ic.pre_tokens_source !== 'none';
  const before = beforeRecorded ? ic.pre_tokens : messagesBefore + base;
  const afterRecorded = ic.post_tokens != null;
  const after = ic.post_tokens ?? messagesAfter + base;
  agent.messages = applied;
  const summaryStatus = ic.summary_status ?? 'recorded';
  const record = buildRecord({
    ids: { compactionId: id, runId: `run_${session.id}_${session.run_seq}`, summaryMessageId: summary.id, now: ic.created_at },
    sessionId: session.id,
    agentPath: agent.agent_path,
    trigger: ic.trigger === 'auto' ? 'threshold_crossed' : 'operator_manual',
    strategy: 'summarize',
    window: windowOf(store, agent),
    config: values,
    thresholdEstimate: before,
    messagesBefore: active.length,
    plan: {
      superseded_ids: supersede,
      messages: resulting,
      summary_message: summary,
      summary: ic.summary,
      key_facts: summaryStatus === 'recorded' ? extractFilePaths(ic.summary) : [],
      cost: pluginCost,
      summarizer_model: summarizerModel,
      after_estimate: after,
      reached: true,
    },
    // The transcript records neither hook timings nor the summarizer's duration.
    plugins: [],
    strategyDurationMs: 0,
    prune: null,
    chain: [{ strategy: 'summarize', outcome: 'ok', reason: null }],
    fallbackReason: null,
    dryRun: false,
    fixed: { base, reserve: 0 },
    provenance: {
      origin: 'recorded',
      tokens_before: beforeRecorded ? 'recorded' : 'estimated',
      tokens_after: afterRecorded ? 'recorded' : 'estimated',
      cost: pluginCost ? 'computed' : 'estimated',
      summary: SUMMARY_PROVENANCE[summaryStatus],
    },
  });
  record.before_parts = sentParts(before, base);
  record.after_parts = sentParts(after, base);
  session.checkpoints.push({
    id: store.nextId('chk', agent.agent_path),
    session_id: session.id,
    agent_path: agent.agent_path,
    reason: 'pre_compaction',
    created_at: ic.created_at,
    created_by: 'harness',
    message_cursor: active[active.length - 1]?.id ?? null,
    compaction_id: id,
    proposal: null,
    resumed_at: null,
    resolution: null,
    rolled_back: false,
  });
  store.addCompaction(session, record);
  const auditBase = { at: ic.created_at, session_id: session.id, run_id: record.run_id, agent_path: agent.agent_path, compaction_id: id, actor: 'harness' };
  store.addAudit({ ...auditBase, type: 'compaction.triggered', data: { trigger: record.trigger, threshold_estimate: before, strategy: 'summarize', imported_from: 'transcript' } });
  store.addAudit({ ...auditBase, type: 'compaction.completed', data: { after_estimate: after, superseded_count: supersede.length, summary_message_id: summary.id, plugins_fired: [], duration_ms: 0 } });
}

/** Messages replayed between two pauses of an incremental import. */
const REPLAY_SLICE = 400;

/** How much of a transcript an agent already holds: its first `messages` messages and `compactions` recorded compactions. */
export interface ReplayCursor {
  messages: number;
  compactions: number;
}

/** The ids the agent's transcript messages got, in order (summaries are the daemon's, not the transcript's). */
function transcriptMessageIds(agent: AgentState): string[] {
  return agent.messages.filter((m) => m.metadata.kind !== 'compaction_summary').map((m) => m.id);
}

/** The ids of the compactions the transcript recorded for this agent, in order. */
function recordedCompactionIds(session: SessionState, agent: AgentState): (string | null)[] {
  return session.compactions.filter((r) => r.agent_path === agent.agent_path && r.provenance.origin === 'recorded').map((r) => r.id);
}

/**
 * Replays a transcript's messages into an agent on the transcript's own clock, each at its size
 * calibrated on the recorded usage (token-profile.ts), the agent's base what the first call
 * revealed, and the recorded compactions where the transcript has them. What was recorded about
 * the calls is kept on the agent (the lab's "what really happened"). From a cursor, only what the
 * transcript gained since is added (a followed file that grew); the rest is left as it is.
 */
function* replaySteps(store: Store, session: SessionState, agent: AgentState, t: ImportedTranscript, from: ReplayCursor = { messages: 0, compactions: 0 }): Generator<void, void> {
  const profile = t.token_profile ?? profileTokens(t);
  agent.base_tokens = profile.base_tokens;
  agent.reported_window = t.reported_context_window ?? null;
  agent.harness_window = harnessDefaultWindow(t.format);
  agent.source_file = t.source_file;
  const boundaries = new Map(t.compactions.map((c, k) => [c.boundary_index, k]));
  const prefix = `${session.id}:${agent.agent_path}:m`;
  const ids = transcriptMessageIds(agent).slice(0, from.messages);
  const compactionIds: (string | null)[] = [...recordedCompactionIds(session, agent).slice(0, from.compactions), ...t.compactions.slice(from.compactions).map(() => null)];
  const recordBoundary = (i: number) => {
    const k = boundaries.get(i);
    const ic = k === undefined ? undefined : t.compactions[k];
    if (!ic || k === undefined || k < from.compactions) return;
    importRecordedCompaction(store, session, agent, ic, profile.summary_sizes[k] ?? 0);
    compactionIds[k] = session.compactions[session.compactions.length - 1]?.id ?? null;
  };
  for (let i = from.messages; i < t.messages.length; i++) {
    const m = t.messages[i] as ImportedMessage;
    store.clock = () => new Date(m.created_at);
    recordBoundary(i);
    const id = `${prefix}${agent.messages.length.toString().padStart(5, '0')}`;
    appendRecorded(session, agent, { ...m, context_tokens: profile.sizes[i] }, id);
    ids.push(id);
    if (i % REPLAY_SLICE === REPLAY_SLICE - 1) yield;
  }
  recordBoundary(t.messages.length);
  agent.recorded = recordedHistory(t, profile, ids, compactionIds);
  attachRereads(t, profile.sizes, ids, compactionIds.map((cid) => session.compactions.find((r) => r.id === cid) ?? null));
  store.recordsChanged(session.id);
  const last = t.messages[t.messages.length - 1];
  if (last && last.created_at > session.updated_at) session.updated_at = last.created_at;
}

/** Adds to an agent what its transcript gained since `from` (a followed file that grew). */
export function* extendTranscriptAgentSteps(store: Store, session: SessionState, agent: AgentState, t: ImportedTranscript, from: ReplayCursor): Generator<void, void> {
  yield* replaySteps(store, session, agent, t, from);
}

/** Runs steps to the end (seeding, startup imports). */
export function drain<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** The transcript's recorded calls and compactions, by the ids its messages and records got. */
function recordedHistory(t: ImportedTranscript, profile: TokenProfile, ids: readonly string[], compactionIds: readonly (string | null)[]): AgentState['recorded'] {
  const turns = profile.turns.flatMap((turn) => {
    const id = ids[turn.message_index];
    const usage = t.messages[turn.message_index]?.usage;
    return id ? [{ message_id: id, recorded: turn.recorded, estimate: turn.estimate, content_estimate: turn.content_estimate, output_tokens: usage?.output_tokens ?? 0 }] : [];
  });
  const compactions = t.compactions.flatMap((c, k) => {
    const compactionId = compactionIds[k];
    return compactionId ? [{ compaction_id: compactionId, before_message_id: ids[c.boundary_index] ?? null, trigger: c.trigger, summary: c.summary }] : [];
  });
  return { base_source: profile.base_source, token_scale: profile.scale, turns, compactions };
}

/**
 * mini-swe-agent tasks all open with the same boilerplate ("Consider the following PR
 * description:"); the title is the instance and the PR's own first line.
 */
function sweTitle(t: ImportedTranscript): string {
  const task = t.messages.find((m) => m.role === 'user')?.content ?? '';
  const body = task.split('<pr_description>')[1] ?? task;
  const line = body
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !/^consider the following pr description/i.test(l));
  const instance = t.external_id.replace(/^.*__/, '');
  return line ? `${instance}: ${line}`.slice(0, 100) : instance;
}

/** The session title of a transcript: its first user line, or for a SWE-bench task the instance and the PR's first line. */
export function transcriptTitle(t: ImportedTranscript): string {
  return t.format === 'openai-chat' && /<pr_description>|consider the following pr description/i.test(t.messages.find((m) => m.role === 'user')?.content ?? '') ? sweTitle(t) : t.title;
}

export interface TranscriptSessionOptions {
  id: string;
  project_id: string;
  /** The primary's own kaged settings (config, not events): what it would continue under. */
  own?: Record<string, unknown>;
}

/**
 * A transcript as a session: a primary agent on the transcript's own model (no plugins: a
 * transcript has none of kaged's) and one agent per subagent window, each replayed message by
 * message with the compactions the transcript recorded. Used by seeding and by imports.
 */
export function* seedTranscriptSessionSteps(store: Store, t: ImportedTranscript, opts: TranscriptSessionOptions): Generator<void, SessionState> {
  const primary = newAgent('primary', null, t.model, [], opts.own ?? {});
  const session = newSession(opts.id, opts.project_id, transcriptTitle(t), { kind: t.format, name: t.source_file }, t.started_at, [primary]);
  store.addSession(session);
  yield* replaySteps(store, session, primary, t);
  for (const s of t.subagents) yield* addTranscriptAgentSteps(store, session, s);
  // A trajectory's own total (mini-swe-agent's instance cost) is what was recorded: it stands instead of priced parts.
  if (t.format === 'openai-chat' && t.cost_usd !== null) primary.primary_recorded_usd = t.cost_usd;
  return session;
}

export function seedTranscriptSession(store: Store, t: ImportedTranscript, opts: TranscriptSessionOptions): SessionState {
  return drain(seedTranscriptSessionSteps(store, t, opts));
}

/** A subagent window as a child agent of the session's primary (its path from the window's external id, made unique). */
export function* addTranscriptAgentSteps(store: Store, session: SessionState, s: ImportedTranscript): Generator<void, AgentState> {
  let path = `primary/${s.external_id}`;
  for (let n = 2; session.agents.some((a) => a.agent_path === path); n++) path = `primary/${s.external_id}-${n}`;
  const agent = newAgent(path, 'primary', s.model, []);
  session.agents.push(agent);
  yield* replaySteps(store, session, agent, s);
  return agent;
}
