import { RESERVED_OUTPUT_TOKENS } from '../../../src/domain/accounting/context';
import { countTokens } from '../../engine/estimate';
import { freshCall, modelCost } from '../../engine/cost';
import { buildRecord } from '../../engine/record';
import type { ImportedTranscript } from '../../../src/domain/transcripts/types';
import { findModel, pricesOf, SEEDED_WINDOW_OVERRIDES } from '../../store/catalog';
import { createRng, hashSeed, type Rng } from '../../store/prng';
import { Store } from '../../store/store';
import type { AgentState, SessionState } from '../../store/types';
import { DEFAULT_VALUES, effectiveConfig } from '../settings/config';
import { attachHistory, historyProjects } from './history';
import { windowOf } from '../settings/model-windows';
import { newAgent, newSession } from './new-session';
import { estimateOf } from '../read-models/views';
import { commitOutcome } from '../compaction/compaction-commit';
import { runPipeline } from '../compaction/compaction-input';
import { appendMessages, isHalted, reactToProviderError, toMessage } from '../live/simulation';
import { SYSTEM_PROMPT, syntheticTurn } from './synthetic';
import { seedTranscriptSession } from '../transcripts/transcript-session';

/** normal: the real transcripts, the generated sessions and a small history; bench: + the 10,000-message session; large: a 1,000,000-event history. */
export type Scale = 'normal' | 'bench' | 'large';

export interface SeedOptions {
  seed: number;
  scale: Scale;
  transcripts: readonly ImportedTranscript[];
  /** Where the generated history ends (epoch ms); the wall clock when absent. */
  anchor?: number;
}

/**
 * The demo's kaged settings for two seeded transcripts, so the knobs screen and a manual compact
 * open on different strategies. Settings only: no event is made from them.
 */
const TRANSCRIPT_SETTINGS: Record<string, Record<string, unknown>> = {
  '4d5611e5-241a-462a-8d15-5122611a9569.jsonl': { strategy: 'summarize' },
  'ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl': { strategy: 'drop', 'summarize.enabled': false },
};

function seedTranscript(store: Store, t: ImportedTranscript): void {
  const id = `ses_${t.external_id.replace(/^.*__/, '').replace(/[^a-zA-Z0-9-]/g, '').slice(0, 12)}`;
  seedTranscriptSession(store, t, { id, project_id: t.format === 'claude-code' ? 'spotter' : 'swe-bench', own: TRANSCRIPT_SETTINGS[t.source_file] });
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
    id: 'ses_gen_signoff',
    title: 'Sign-off run: a second session whose compactions wait for approval',
    turns: 120,
    agents: [{ path: 'primary', alias: 'sonnet', own: { strategy: 'checkpoint', 'checkpoint.sub_strategy': 'summarize' } }],
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
    if (estimateOf(session, agent) > lower_threshold * windowOf(store, agent).tokens) {
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
  const window = windowOf(store, agent);
  const gpt = findModel('gpt');
  // The records happen while the messages do, evenly (about one every 3 s), none after the last message.
  const first = Date.parse(agent.messages[0]?.created_at ?? start.toISOString());
  const span = Date.parse(agent.messages.at(-1)?.created_at ?? start.toISOString()) - first;
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
      ids: { compactionId: id, runId: `run_bench_${i}`, summaryMessageId: `${id}_summary`, now: new Date(first + Math.floor(((i + 1) * span) / 100_001)).toISOString() },
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
        cost: summaryTokens === null ? null : modelCost({ model: gpt.id, prices: pricesOf(gpt) }, freshCall(before, summaryTokens)),
        summarizer_model: summaryTokens === null ? null : gpt.id,
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
      fixed: { base: 0, reserve: RESERVED_OUTPUT_TOKENS },
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
  const start = new Date('2026-11-02T09:00:00.000Z');
  for (const [key, tokens] of Object.entries(SEEDED_WINDOW_OVERRIDES)) store.windowOverrides.set(key, { tokens, version: 2, changed_by: 'ops-bot', changed_at: '2026-10-20T08:00:00.000Z' });
  for (const t of opts.transcripts) seedTranscript(store, t);
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
