import { countTokens, estimateTokens } from '../engine/estimate';
import { applyCompaction } from '../engine/apply';
import { modelCost } from '../engine/cost';
import { buildRecord } from '../engine/record';
import { extractFilePaths } from '../engine/summarizer';
import { computePins } from '../engine/pins';
import { groupUnits } from '../engine/units';
import { profileTokens } from '../importers/token-profile';
import type { ImportedCompaction, ImportedTranscript, TokenProfile } from '../../src/domain/transcripts/types';
import { findModel } from '../store/catalog';
import { createRng, hashSeed, type Rng } from '../store/prng';
import { Store } from '../store/store';
import type { AgentState, CompactionRecord, Message, SessionState } from '../store/types';
import { DEFAULT_VALUES, effectiveConfig } from './config';
import { attachHistory, historyProjects } from './history';
import { activeMessages, estimateOf, fixedTokensOf, windowOf } from './views';
import { commitOutcome, reindex, runPipeline } from './compaction-service';
import { appendMessages, isHalted, reactToProviderError, toMessage } from './simulation';
import { SYSTEM_PROMPT, syntheticTurn } from './synthetic';

/** normal: the real transcripts, the generated sessions and a small history; bench: + the 10,000-message session; large: a 1,000,000-event history. */
export type Scale = 'normal' | 'bench' | 'large';

export interface SeedOptions {
  seed: number;
  scale: Scale;
  transcripts: readonly ImportedTranscript[];
  /** Where the generated history ends (epoch ms); the wall clock when absent. */
  anchor?: number;
}

function newAgent(agent_path: string, parent_path: string | null, model_alias: string, plugins: string[], own: Record<string, unknown> = {}): AgentState {
  return {
    agent_path,
    parent_path,
    name: agent_path.split('/').pop() ?? agent_path,
    model_alias,
    messages: [],
    own,
    config_version: 1,
    primary_cost_usd: 0,
    plugins,
    summarizer_fails: false,
  };
}

function newSession(id: string, project_id: string, title: string, source: SessionState['source'], createdAt: string, agents: AgentState[]): SessionState {
  return { id, project_id, title, status: 'idle', created_at: createdAt, updated_at: createdAt, source, agents, pending_checkpoint_id: null, compactions: [], checkpoints: [], proposals: {}, run_seq: 0 };
}

/** The catalog alias of a transcript's provider:model, or the model itself (not in the catalog → 128k fallback window). */
function aliasFor(model: string): string {
  return findModel(model)?.alias ?? model;
}

/**
 * A compaction the transcript itself records (Claude Code's compact_boundary + summary): imported
 * as a real CompactionRecord. Claude Code replaces the whole history with the summary, so every
 * unit outside the always-keep set is superseded.
 */
function importRecordedCompaction(store: Store, session: SessionState, agent: AgentState, ic: ImportedCompaction, summaryTokens: number): void {
  const { values } = effectiveConfig(session, agent);
  const active = computePins(activeMessages(agent), values.always_keep).messages;
  const window = windowOf(agent);
  const before = estimateTokens(active, fixedTokensOf(agent));
  const units = groupUnits(active);
  const supersede = new Set(units.filter((u) => !u.pinned).flatMap((u) => u.messages.map((m) => m.id)));
  const id = store.nextId('cmp');
  const summarizer = ic.summarizer ? findModel(`anthropic:${ic.summarizer.model}`) ?? findModel(ic.summarizer.model) : undefined;
  const usage = ic.summarizer?.usage;
  const inputTokens = usage ? usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens : before;
  const pluginCost = summarizer
    ? modelCost({ model: `${summarizer.provider}:${summarizer.model}`, inputPerMTok: summarizer.input_usd_per_mtok, outputPerMTok: summarizer.output_usd_per_mtok }, inputTokens, summaryTokens)
    : null;
  const summary: Message = {
    ...toMessage({ role: 'system', content: ic.summary, tool_calls: [], tool_call_id: null, tool_name: null, created_at: ic.created_at, is_error: false, usage: null, external_id: null }, session, agent, `${id}_summary`),
    metadata: { token_estimate: summaryTokens, kind: 'compaction_summary', always_keep: false, always_keep_source: null, compaction_id: id, compactor_cost: pluginCost },
  };
  const applied = reindex(applyCompaction(agent.messages, { record: { id } as CompactionRecord, superseded_ids: [...supersede], summary_message: summary }));
  const resulting = applied.filter((m) => !m.superseded);
  const after = estimateTokens(resulting, fixedTokensOf(agent));
  agent.messages = applied;
  const record = buildRecord({
    ids: { compactionId: id, runId: `run_${session.id}_${session.run_seq}`, summaryMessageId: summary.id, now: ic.created_at },
    sessionId: session.id,
    agentPath: agent.agent_path,
    trigger: ic.trigger === 'auto' ? 'threshold_crossed' : 'operator_manual',
    strategy: 'summarize',
    window,
    config: values,
    thresholdEstimate: ic.pre_tokens,
    messagesBefore: active.length,
    plan: {
      superseded_ids: [...supersede],
      messages: resulting,
      summary_message: summary,
      summary: ic.summary,
      key_facts: extractFilePaths(ic.summary),
      cost: pluginCost,
      summarizer_model: summarizer ? `${summarizer.provider}:${summarizer.model}` : ic.summarizer?.model ?? null,
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
  });
  session.checkpoints.push({
    id: store.nextId('chk'),
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
  store.addAudit({ type: 'compaction.triggered', at: ic.created_at, session_id: session.id, run_id: record.run_id, agent_path: agent.agent_path, compaction_id: id, actor: 'harness', data: { trigger: record.trigger, threshold_estimate: ic.pre_tokens, strategy: 'summarize', imported_from: 'transcript' } });
  store.addAudit({ type: 'compaction.completed', at: ic.created_at, session_id: session.id, run_id: record.run_id, agent_path: agent.agent_path, compaction_id: id, actor: 'harness', data: { after_estimate: after, superseded_count: supersede.size, summary_message_id: summary.id, plugins_fired: [], duration_ms: 0 } });
}

/**
 * Replays a transcript's messages into an agent: the clock follows the transcript, and the harness
 * runs before every call. Messages carry their sizes calibrated on the recorded usage
 * (token-profile.ts) and the agent the base the first call revealed, so the simulator's estimate
 * before a recorded call is that call's recorded input. What was recorded is kept on the agent.
 */
function* replaySteps(store: Store, session: SessionState, agent: AgentState, t: ImportedTranscript): Generator<void, void> {
  const profile = t.token_profile ?? profileTokens(t);
  agent.base_tokens = profile.base_tokens;
  const boundaries = new Map(t.compactions.map((c, k) => [c.boundary_index, k]));
  const prefix = `${session.id}:${agent.agent_path}:m`;
  const ids: (string | null)[] = [];
  for (let i = 0; i < t.messages.length; i++) {
    const m = t.messages[i] as ImportedTranscript['messages'][number];
    store.clock = () => new Date(m.created_at);
    const k = boundaries.get(i);
    const recorded = k === undefined ? undefined : t.compactions[k];
    if (recorded && k !== undefined && !session.pending_checkpoint_id) importRecordedCompaction(store, session, agent, recorded, profile.summary_sizes[k] ?? 0);
    const appended = appendMessages(store, session, agent, [{ ...m, context_tokens: profile.sizes[i] }], prefix);
    ids.push(appended > 0 ? (agent.messages[agent.messages.length - 1]?.id ?? null) : null);
    if (i % REPLAY_SLICE === REPLAY_SLICE - 1) yield;
  }
  agent.recorded = recordedHistory(t, profile, ids);
  const last = t.messages[t.messages.length - 1];
  if (last && last.created_at > session.updated_at) session.updated_at = last.created_at;
}

/** Messages replayed between two pauses of an incremental import. */
const REPLAY_SLICE = 400;

/** Runs steps to the end (seeding, startup imports). */
export function drain<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** The transcript's recorded calls and compactions, by the ids its messages got (those appended before any pause). */
function recordedHistory(t: ImportedTranscript, profile: TokenProfile, ids: readonly (string | null)[]): AgentState['recorded'] {
  const turns = profile.turns.flatMap((turn) => {
    const id = ids[turn.message_index];
    const usage = t.messages[turn.message_index]?.usage;
    return id ? [{ message_id: id, recorded: turn.recorded, estimate: turn.estimate, content_estimate: turn.content_estimate, output_tokens: usage?.output_tokens ?? 0 }] : [];
  });
  const compactions = t.compactions.map((c, k) => {
    const summarizer = c.summarizer ? (findModel(c.summarizer.model) ?? null) : null;
    const usage = c.summarizer?.usage;
    const cost = summarizer && usage
      ? modelCost({ model: `${summarizer.provider}:${summarizer.model}`, inputPerMTok: summarizer.input_usd_per_mtok, outputPerMTok: summarizer.output_usd_per_mtok }, usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens, usage.output_tokens).cost_usd
      : null;
    return {
      before_message_id: ids[c.boundary_index] ?? null,
      trigger: c.trigger,
      pre_tokens: c.pre_tokens,
      summary: c.summary,
      summary_tokens: profile.summary_sizes[k] ?? 0,
      cost_usd: cost,
    };
  });
  return { base_source: profile.base_source, token_scale: profile.scale, turns, compactions };
}

/** Per-session compaction setups, so the real transcripts show every strategy. */
const TRANSCRIPT_SETUPS: Record<string, Record<string, unknown>> = {
  '4d5611e5-241a-462a-8d15-5122611a9569.jsonl': { strategy: 'summarize' },
  'ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl': { strategy: 'drop', 'summarize.enabled': false },
  'astropy__astropy-12907.traj.json': { strategy: 'delegate', 'delegate.plugin': 'hindsight' },
  'django__django-11133.traj.json': { strategy: 'delegate', 'delegate.plugin': 'hindsight', 'plugin_knobs.hindsight.simulate_failure': 'timeout', 'delegate.timeout_ms': 1_500 },
  'django__django-11910.traj.json': { strategy: 'checkpoint', 'checkpoint.sub_strategy': 'summarize' },
};

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
  /** The primary agent's own compaction values (dotted keys). */
  own?: Record<string, unknown>;
}

/**
 * A transcript as a session of the simulated daemon: a primary agent and one agent per subagent
 * window, each replayed message by message with the harness running before every call (so the
 * daemon's own compactions happen where its settings say), recorded compactions imported where the
 * transcript has them. Used by seeding and by imports.
 */
export function* seedTranscriptSessionSteps(store: Store, t: ImportedTranscript, opts: TranscriptSessionOptions): Generator<void, SessionState> {
  const primary = newAgent('primary', null, aliasFor(t.model), ['hindsight', 'memory-markdown', 'guard-rails'], opts.own ?? {});
  const session = newSession(opts.id, opts.project_id, transcriptTitle(t), { kind: t.format, name: t.source_file }, t.started_at, [primary]);
  store.addSession(session);
  yield* replaySteps(store, session, primary, t);
  for (const s of t.subagents) yield* addTranscriptAgentSteps(store, session, s);
  if (t.format === 'openai-chat' && t.cost_usd !== null) primary.primary_cost_usd = t.cost_usd;
  return session;
}

export function seedTranscriptSession(store: Store, t: ImportedTranscript, opts: TranscriptSessionOptions): SessionState {
  return drain(seedTranscriptSessionSteps(store, t, opts));
}

/** A subagent window as a child agent of the session's primary (its path from the window's external id, made unique). */
export function* addTranscriptAgentSteps(store: Store, session: SessionState, s: ImportedTranscript): Generator<void, AgentState> {
  let path = `primary/${s.external_id}`;
  for (let n = 2; session.agents.some((a) => a.agent_path === path); n++) path = `primary/${s.external_id}-${n}`;
  const agent = newAgent(path, 'primary', aliasFor(s.model), ['memory-markdown']);
  session.agents.push(agent);
  yield* replaySteps(store, session, agent, s);
  return agent;
}

function seedTranscript(store: Store, t: ImportedTranscript): void {
  const id = `ses_${t.external_id.replace(/^.*__/, '').replace(/[^a-zA-Z0-9-]/g, '').slice(0, 12)}`;
  seedTranscriptSession(store, t, { id, project_id: t.format === 'claude-code' ? 'spotter' : 'swe-bench', own: TRANSCRIPT_SETUPS[t.source_file] ?? {} });
}

interface GeneratedSpec {
  id: string;
  title: string;
  turns: number;
  status?: SessionState['status'];
  /** plugins: attached plugins (default: the primary's three, memory-markdown for subagents); at most one compactor each. */
  agents: { path: string; alias: string; own?: Record<string, unknown>; summarizerFails?: boolean; turns?: number; plugins?: string[] }[];
  firstAskTokens?: number;
}

const GENERATED: GeneratedSpec[] = [
  {
    id: 'ses_gen_refactor',
    title: 'Refactor the compaction pipeline into strategies',
    turns: 260,
    status: 'running',
    agents: [
      { path: 'primary', alias: 'sonnet', own: { strategy: 'summarize', 'summarize.model': 'haiku' } },
      { path: 'primary/explore', alias: 'local-qwen', own: { strategy: 'drop', 'summarize.enabled': false }, turns: 160, plugins: ['memory-markdown', 'chunked-summarizer', 'context-meter'] },
      { path: 'primary/test-runner', alias: 'haiku', turns: 140, summarizerFails: true, plugins: ['memory-markdown', 'checkpoint-summary', 'legacy-exporter'] },
    ],
  },
  {
    id: 'ses_gen_memory',
    title: 'Memory plugin iteration: hindsight compactor',
    turns: 300,
    agents: [{ path: 'primary', alias: 'sonnet', own: { strategy: 'delegate', 'delegate.plugin': 'hindsight', upper_threshold: 0.8, lower_threshold: 0.5 } }],
  },
  {
    id: 'ses_gen_flaky',
    title: 'Flaky compactor: every failure mode falls back to drop',
    turns: 240,
    agents: [{ path: 'primary', alias: 'gpt', own: { strategy: 'delegate', 'delegate.plugin': 'hindsight', 'plugin_knobs.hindsight.simulate_failure': 'invalid_split_pair' } }],
  },
  {
    id: 'ses_gen_review',
    title: 'Release review: every compaction needs approval',
    turns: 160,
    agents: [{ path: 'primary', alias: 'haiku', own: { strategy: 'checkpoint' } }],
  },
  {
    id: 'ses_gen_overflow',
    title: 'Huge operator brief: the always-keep set alone overflows',
    turns: 60,
    firstAskTokens: 26_000,
    agents: [{ path: 'primary', alias: 'vllm-tuned', own: { strategy: 'drop', 'summarize.enabled': false } }],
  },
];

function seedGenerated(store: Store, spec: GeneratedSpec, rng: Rng, start: Date): void {
  const agents = spec.agents.map((a) => {
    const plugins = a.plugins ?? (a.path === 'primary' ? ['hindsight', 'memory-markdown', 'guard-rails'] : ['memory-markdown']);
    const agent = newAgent(a.path, a.path === 'primary' ? null : 'primary', a.alias, plugins, a.own ?? {});
    agent.summarizer_fails = a.summarizerFails ?? false;
    return agent;
  });
  const session = newSession(spec.id, 'kaged-demo', spec.title, { kind: 'generated', name: spec.id }, start.toISOString(), agents);
  store.addSession(session);
  spec.agents.forEach((a, i) => {
    const agent = agents[i] as AgentState;
    let at = start.getTime() + i * 60_000;
    // A brief of firstAskTokens tokens by the tokenizer (what one more repeat of the sentence adds, times the repeats).
    const constraint = 'Constraint: keep every public API stable. ';
    const perRepeat = countTokens(constraint.repeat(2)) - countTokens(constraint);
    const brief = spec.firstAskTokens ? `Operator brief (MUST be followed):\n${constraint.repeat(Math.ceil(spec.firstAskTokens / perRepeat))}` : 'Start with the task in the brief.';
    const opening = [
      { role: 'system' as const, content: SYSTEM_PROMPT },
      { role: 'user' as const, content: brief },
    ].map((m) => ({ ...m, tool_calls: [], tool_call_id: null, tool_name: null, is_error: false, usage: null, external_id: null, created_at: new Date(at).toISOString() }));
    appendMessages(store, session, agent, opening, `${session.id}:${agent.agent_path}:m`);
    for (let turn = 0; turn < (a.turns ?? spec.turns); turn++) {
      const messages = syntheticTurn(rng, { at: new Date(at), withAsk: rng.chance(0.25), idPrefix: `${spec.id}_${i}_${turn}` });
      at = Date.parse(messages[messages.length - 1]?.created_at ?? new Date(at).toISOString()) + rng.int(5_000, 120_000);
      store.clock = () => new Date(at);
      if (appendMessages(store, session, agent, messages, `${session.id}:${agent.agent_path}:m`) < messages.length) break;
      if (turn % 45 === 44) occasionalEvent(store, session, agent, rng);
    }
    session.updated_at = new Date(Math.max(Date.parse(session.updated_at), at)).toISOString();
  });
  if (spec.status && session.status === 'idle') session.status = spec.status;
}

/**
 * Compactions not driven by the threshold: a plugin's agent_stop hook asking for one (seed 003),
 * the idle scheduler, an operator compacting by hand with per-invocation overrides, or the
 * provider rejecting a call the estimator thought would fit (the reactive path).
 */
function occasionalEvent(store: Store, session: SessionState, agent: AgentState, rng: Rng): void {
  if (isHalted(session)) return;
  const picked = rng.pick(['hook_requested', 'scheduled', 'operator_manual', 'provider_overflow_retry'] as const);
  session.run_seq += 1;
  const { lower_threshold } = effectiveConfig(session, agent).values;
  if (picked === 'provider_overflow_retry') {
    // Estimator drift is only plausible while the list is above the lower target.
    if (estimateOf(session, agent) > lower_threshold * windowOf(agent).tokens) {
      reactToProviderError(store, session, agent, { status: 400, message: 'prompt is too long: the provider counted more tokens than estimated' }, { reactiveRetryAttempted: false });
      return;
    }
  }
  const kind = picked === 'provider_overflow_retry' ? 'scheduled' : picked;
  const request = kind === 'operator_manual' ? { strategy: rng.pick(['drop', 'summarize'] as const), lower_threshold: 0.4 } : {};
  const outcome = runPipeline(store, session, agent, { trigger: kind, request, dryRun: false });
  commitOutcome(store, session, agent, outcome, request, kind === 'operator_manual' ? rng.pick(['ana', 'karasu']) : 'harness');
}

const NOTES = [
  'Summary kept the failing test name; good handoff.',
  'Dropped the tool output with the stack trace we needed two turns later.',
  'Fine, but the summary repeats the goal twice.',
  'Fallback to drop lost the plan. Compactor should not time out on 1.5 s.',
  'Check: <img src=x onerror=alert(1)> renders as text? <script>alert("notes")</script>',
  'Key facts list is missing the migration file.',
];

/** Operators' feedback on past events: deterministic flags and notes, some left unflagged. */
function seedFeedback(session: SessionState, rng: Rng): void {
  session.compactions = session.compactions.map((r) => {
    const roll = rng.next();
    const flag = roll < 0.3 ? 'good' : roll < 0.45 ? 'bad' : roll < 0.55 ? 'neutral' : null;
    if (!flag) return r;
    const notes = rng.chance(0.6) ? rng.pick(NOTES) : null;
    return { ...r, operator_flag: flag, operator_notes: notes, flagged_by: rng.pick(['ana', 'karasu', 'ops-bot']), flagged_at: r.created_at, version: 2 };
  });
}

/** 10,000 messages in one window and 100,000 ledger rows, for the benchmarks. */
function seedBench(store: Store, rng: Rng, start: Date): void {
  const agent = newAgent('primary', null, 'gpt', ['hindsight', 'memory-markdown'], { strategy: 'summarize' });
  const session = newSession('ses_bench_10k', 'kaged-demo', 'Benchmark: 10,000 messages, 100,000 compaction records', { kind: 'generated', name: 'bench' }, start.toISOString(), [agent]);
  store.addSession(session);
  let at = start.getTime();
  while (agent.messages.length < 10_000) {
    const turn = syntheticTurn(rng, { at: new Date(at), withAsk: agent.messages.length === 0 || rng.chance(0.1), idPrefix: `bench_${agent.messages.length}` });
    for (const m of turn.slice(0, 10_000 - agent.messages.length)) {
      const short = { ...m, content: m.content.slice(0, 240) };
      agent.messages.push(toMessage(short, session, agent, `ses_bench_10k:primary:m${agent.messages.length.toString().padStart(5, '0')}`));
    }
    at += 30_000;
  }
  const window = windowOf(agent);
  const strategies = ['drop', 'summarize', 'delegate', 'checkpoint'] as const;
  const triggers = ['threshold_crossed', 'threshold_crossed', 'threshold_crossed', 'operator_manual', 'provider_overflow_retry', 'hook_requested', 'scheduled'] as const;
  for (let i = 0; i < 100_000; i++) {
    const before = rng.int(Math.round(window.tokens * 0.85), window.tokens);
    const after = rng.int(Math.round(window.tokens * 0.3), Math.round(window.tokens * 0.6));
    const strategy = rng.pick(strategies);
    const fallback = strategy === 'delegate' && rng.chance(0.2);
    const summaryTokens = strategy === 'drop' ? null : rng.int(200, 1_500);
    const id = `cmp_bench_${i.toString().padStart(6, '0')}`;
    const fallbackReason = fallback ? 'compactor timed out after 30000 ms' : null;
    const record = buildRecord({
      ids: { compactionId: id, runId: `run_bench_${i}`, summaryMessageId: `${id}_summary`, now: new Date(start.getTime() + i * 45_000).toISOString() },
      sessionId: session.id,
      agentPath: 'primary',
      trigger: rng.pick(triggers),
      strategy,
      window,
      config: DEFAULT_VALUES,
      thresholdEstimate: before,
      messagesBefore: rng.int(300, 900),
      // Ledger rows only: the bench session's messages are not touched by these records.
      plan: {
        superseded_ids: [],
        messages: [],
        summary_message: null,
        summary: summaryTokens === null ? null : `[simulated summary] benchmark event ${i}`,
        key_facts: [],
        cost: summaryTokens === null ? null : modelCost({ model: 'openai:gpt-5.1', inputPerMTok: 1.25, outputPerMTok: 10 }, before, summaryTokens),
        summarizer_model: summaryTokens === null ? null : 'openai:gpt-5.1',
        after_estimate: after,
        reached: true,
      },
      plugins: [
        { name: 'hindsight', role: 'observer', hook: 'pre_compact', duration_ms: rng.int(40, 420), result_kind: 'inject' },
        { name: 'memory-markdown', role: 'observer', hook: 'post_compact', duration_ms: rng.int(2, 35), result_kind: 'null' },
      ],
      strategyDurationMs: rng.int(50, 4_000),
      prune: null,
      chain: fallback ? [{ strategy: 'delegate', outcome: 'timeout', reason: fallbackReason }, { strategy: 'drop', outcome: 'ok', reason: null }] : [{ strategy, outcome: 'ok', reason: null }],
      fallbackReason,
      dryRun: false,
    });
    // The plan above has no message list; the ledger still shows how many messages the event left.
    record.messages_after = rng.int(40, 250);
    store.addCompaction(session, record);
  }
  seedFeedback(session, rng);
  store.indexCompactions(session);
}

const PROJECTS = [
  { id: 'spotter', name: 'spotter (Claude Code transcripts)' },
  { id: 'swe-bench', name: 'swe-bench (mini-swe-agent trajectories)' },
  { id: 'kaged-demo', name: 'kaged demo (generated)' },
];

/** Builds the simulated daemon's data: the same options always give the same store. */
export function seedStore(opts: SeedOptions): Store {
  const store = new Store();
  const rng = createRng(opts.seed);
  for (const p of PROJECTS) store.projects.set(p.id, p);
  for (const t of opts.transcripts) seedTranscript(store, t);
  const start = new Date('2026-11-02T09:00:00.000Z');
  for (const spec of GENERATED) seedGenerated(store, spec, createRng(hashSeed(`${opts.seed}:${spec.id}`)), start);
  if (opts.scale === 'bench') seedBench(store, rng, start);
  for (const session of store.sessions.values()) {
    if (session.id === 'ses_bench_10k') continue;
    seedFeedback(session, createRng(hashSeed(`${opts.seed}:feedback:${session.id}`)));
    store.indexCompactions(session);
  }
  const historyScale = opts.scale === 'large' ? 'large' : 'normal';
  for (const p of historyProjects(historyScale)) store.projects.set(p.id, p);
  store.historySpec = { seed: opts.seed, scale: historyScale, anchor: opts.anchor ?? Date.now() };
  attachHistory(store);
  store.clock = () => new Date();
  return store;
}

