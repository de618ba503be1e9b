import { addCosts, NO_COST } from '../../src/domain/accounting/cost';
import { findModel } from '../store/catalog';
import { historyPrimaryCost, historyPrimaryUsd, historySummarizerCost, historyWindow } from '../store/history-costs';
import { csr, Dict, emptyFacts, iota, emptySilent, orderBy, permuteFacts, permuteSilent, RESULT_KINDS, type Slot } from '../store/facts';
import { applyEdit } from '../store/store';
import type { Store } from '../store/store';
import { createRng, hashSeed, type Rng } from '../store/prng';
import { historyRow, type History, type HistoryAgent, type HistoryScale, type HistorySession, type HistorySpec } from '../store/history';
import { NOOP_REASON } from '../engine/pipeline';
import { historyPartials } from './aggregates/health-partials';
import { breakdownCells, DIMENSIONS } from './aggregates/breakdown';
import { historyLayout, topSessionCells } from './aggregates/sessions';
import { STRATEGIES } from '../../src/domain/contract/enums.gen';

/**
 * The generated history behind the aggregated views: archived sessions whose compaction events
 * follow realistic skew. Most sessions compact every few minutes to hours; a few spiral (bursts
 * of compactions that achieve nothing, no-op loops, reactive retries that still overflow); the
 * hindsight compactor fails in bursts and improves between its two versions; flags sit on a
 * minority. Deterministic for a spec (seed, scale, anchor).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Shape {
  sessions: number;
  /** Compaction records (the no-ops and failures without a record come on top). */
  events: number;
  projects: { id: string; name: string }[];
  /** Spiralling sessions, cycling through the spiral kinds. */
  spirals: number;
  /** hindsight failure bursts. */
  bursts: number;
  /** How far back the history reaches. */
  days: number;
}

const PROJECTS = [
  { id: 'payments-api', name: 'payments-api (agent fleet, generated history)' },
  { id: 'infra-ops', name: 'infra-ops (runbook agents, generated history)' },
  { id: 'data-pipeline', name: 'data-pipeline (ETL agents, generated history)' },
  { id: 'docs-writer', name: 'docs-writer (generated history)' },
  { id: 'support-triage', name: 'support-triage (generated history)' },
  { id: 'mobile-app', name: 'mobile-app (generated history)' },
];

export const HISTORY_SHAPES: Record<HistoryScale, Shape> = {
  normal: { sessions: 20, events: 3_000, projects: PROJECTS.slice(0, 2), spirals: 3, bursts: 2, days: 30 },
  large: { sessions: 2_400, events: 1_000_000, projects: PROJECTS, spirals: 12, bursts: 14, days: 45 },
};

export const HISTORY_PLUGINS = ['hindsight', 'memory-markdown', 'guard-rails'] as const;

const SLOTS: Slot[] = [
  { plugin: 'hindsight', hook: 'pre_compact', role: 'observer' },
  { plugin: 'hindsight', hook: 'post_compact', role: 'observer' },
  { plugin: 'hindsight', hook: 'pre_compact', role: 'compactor' },
  { plugin: 'memory-markdown', hook: 'pre_compact', role: 'observer' },
  { plugin: 'memory-markdown', hook: 'post_compact', role: 'observer' },
  { plugin: 'guard-rails', hook: 'pre_compact', role: 'observer' },
];
const [HS_PRE, HS_POST, HS_COMPACTOR, MM_PRE, MM_POST, GR_PRE] = [0, 1, 2, 3, 4, 5] as const;

/** Plugin versions: the older one until its rollout (days before the anchor), then the catalog's. */
const VERSIONS: Record<(typeof HISTORY_PLUGINS)[number], { old: string; current: string; rolloutDaysAgo: number }> = {
  hindsight: { old: '0.4.1', current: '0.4.2', rolloutDaysAgo: 12 },
  'memory-markdown': { old: '1.1.0', current: '1.2.0', rolloutDaysAgo: 22 },
  'guard-rails': { old: '0.9.0', current: '0.9.0', rolloutDaysAgo: 0 },
};

const FALLBACK_KINDS = ['delegate: timeout', 'delegate: error', 'delegate: compactor_split_tool_pair', 'summarize: error'];
const [FB_TIMEOUT, FB_ERROR, FB_SPLIT, FB_SUMMARIZER] = [0, 1, 2, 3] as const;
/** How the compactor fails: mostly time-outs in a burst, mostly invalid results otherwise. */
const BURST_FAILURES: [number, number][] = [[FB_TIMEOUT, 70], [FB_ERROR, 20], [FB_SPLIT, 10]];
const QUIET_FAILURES: [number, number][] = [[FB_SPLIT, 60], [FB_ERROR, 25], [FB_TIMEOUT, 15]];

const FAILURE_REASONS = [
  'lower target unreachable: the always-keep set alone exceeds the target',
  'summarizer failed and the drop fallback is disabled (summarize.enabled=false, strategy summarize)',
  'compactor timed out after 30000 ms and drop cannot reach the lower target',
  'reactive retry: the provider rejected the call again after compacting (prompt is too long)',
];
const [FR_UNREACHABLE, FR_SUMMARIZER, FR_COMPACTOR, FR_RETRY] = [0, 1, 2, 3] as const;
/** The no-op reason's index in the silent table's reasons (after the failure reasons). */
const NOOP = FAILURE_REASONS.length;

const TASKS: Record<string, string[]> = {
  'payments-api': ['Refund flow: idempotent retries', 'Invoice PDF totals off by a cent', 'Ledger reconciliation job', 'Stripe webhook signature check', 'Currency rounding in payouts', 'Chargeback dispute export'],
  'infra-ops': ['Rotate TLS certificates', 'Terraform drift in staging', 'Pager noise from disk alerts', 'Kubernetes upgrade dry run', 'Backup restore drill', 'Cost report for idle nodes'],
  'data-pipeline': ['Late-arriving events in extract', 'Schema change in orders feed', 'Dedupe step doubles rows', 'Backfill March partitions', 'Airflow DAG timeouts'],
  'docs-writer': ['API reference for v3', 'Migration guide from v2', 'Runbook cleanup', 'Glossary and style pass'],
  'support-triage': ['Weekly ticket clustering', 'Escalation summary for billing', 'Refund requests triage', 'Known-issues page update'],
  'mobile-app': ['Crash on resume (Android)', 'Offline sync conflicts', 'Push token refresh', 'Accessibility labels audit'],
};
const SUBAGENTS = ['explore', 'test-runner', 'reviewer', 'migrator'];
const PRIMARY_MODELS: [string, number][] = [['sonnet', 45], ['gpt', 25], ['opus', 10], ['haiku', 10], ['deepseek', 10]];
const SUB_MODELS: [string, number][] = [['haiku', 40], ['local-qwen', 25], ['sonnet', 20], ['vllm-tuned', 15]];
const SUMMARIZER_ALIASES: [string, number][] = [['haiku', 60], ['sonnet', 25], ['gpt', 15]];
const TRIGGER_WEIGHTS: [number, number][] = [[0, 82], [1, 4], [2, 5], [3, 5], [4, 4]];

function weighted<T>(rng: Rng, options: readonly [T, number][]): T {
  const total = options.reduce((n, [, w]) => n + w, 0);
  let roll = rng.next() * total;
  for (const [value, w] of options) {
    roll -= w;
    if (roll < 0) return value;
  }
  return (options[options.length - 1] as [T, number])[0];
}

function uniform(rng: Rng, lo: number, hi: number): number {
  return lo + rng.next() * (hi - lo);
}

/** Box–Muller: a standard normal draw. */
function normal(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

function modelName(alias: string): string {
  return findModel(alias).id;
}

type SpiralKind = 'burst' | 'noops' | 'overflow';
const SPIRAL_KINDS: SpiralKind[] = ['burst', 'noops', 'overflow'];

interface AgentPlan {
  agent: HistoryAgent;
  strategy: number;
  summarizer: string | null;
  window: number;
  upper: number;
  lower: number;
  events: number;
}

interface SessionPlan {
  session: HistorySession;
  agents: AgentPlan[];
  spiral: SpiralKind | null;
  end: number;
}

function planSession(seed: number, shape: Shape, index: number, events: number, spiral: SpiralKind | null, anchor: number): SessionPlan {
  const rng = createRng(hashSeed(`${seed}:history:${index}`));
  const project = shape.projects[index % shape.projects.length] as Shape['projects'][number];
  const tasks = TASKS[project.id] as string[];
  const title = spiral
    ? { burst: 'Compaction loop: a compaction every few seconds, achieving nothing', noops: 'No-op loop: nothing left to compact', overflow: 'Stuck: reactive retries still overflow' }[spiral]
    : `${rng.pick(tasks)} (#${1000 + index})`;
  const subCount = spiral ? 0 : weighted(rng, [[0, 40], [1, 35], [2, 20], [3, 5]]);
  const withHindsight = !spiral && rng.chance(0.85);
  const primaryAlias = spiral ? 'sonnet' : weighted(rng, PRIMARY_MODELS);
  const paths = ['primary', ...SUBAGENTS.slice(0, subCount).map((s) => `primary/${s}`)];
  const share = paths.map((_, i) => (i === 0 ? 1 : uniform(rng, 0.2, 0.6)));
  const shareSum = share.reduce((a, b) => a + b, 0);
  let left = events;
  const agents: AgentPlan[] = paths.map((path, i) => {
    const primary = i === 0;
    const alias = primary ? primaryAlias : weighted(rng, SUB_MODELS);
    let strategy = primary
      ? weighted(rng, [[1, 45], [2, withHindsight ? 30 : 0], [0, 15], [3, 10]])
      : weighted(rng, [[0, 50], [1, 50]]);
    if (spiral === 'burst') strategy = 1;
    if (spiral === 'noops' || spiral === 'overflow') strategy = 0;
    const summarizerAlias = weighted(rng, SUMMARIZER_ALIASES);
    const summarizer = strategy === 1 || strategy === 3 ? modelName(summarizerAlias) : strategy === 2 ? modelName('haiku') : null;
    const own: Record<string, unknown> = { strategy: STRATEGIES[strategy] };
    if (summarizer && strategy !== 2) own['summarize.model'] = summarizerAlias;
    if (strategy === 2) own['delegate.plugin'] = 'hindsight';
    if (strategy === 3) own['checkpoint.sub_strategy'] = 'summarize';
    const upper = spiral === 'burst' ? 0.8 : 0.85;
    const lower = spiral === 'burst' ? 0.78 : 0.6;
    if (spiral === 'burst') Object.assign(own, { upper_threshold: upper, lower_threshold: lower });
    const n = i === paths.length - 1 ? left : Math.round((events * (share[i] as number)) / shareSum);
    left -= n;
    return {
      agent: { path, parent: primary ? null : 'primary', model_alias: alias, plugins: primary ? (withHindsight ? [...HISTORY_PLUGINS] : ['memory-markdown', 'guard-rails']) : ['memory-markdown'], own, primary_cost: NO_COST },
      strategy,
      summarizer,
      window: historyWindow(alias).tokens,
      upper,
      lower,
      events: n,
    };
  });
  // Recent sessions are likelier, so the last day and week are never empty; a busy session ends
  // late enough to fit its events at a plausible pace (~20 minutes apart per agent).
  const busiest = Math.max(...agents.map((a) => a.events));
  const oldest = anchor - shape.days * DAY;
  const needed = Math.min(busiest * 20 * MINUTE, (shape.days - 1) * DAY);
  const sampled = spiral ? anchor - uniform(rng, 0.05, 0.6) * DAY : anchor - Math.pow(rng.next(), 1.6) * (shape.days - 2) * DAY;
  const end = Math.min(anchor, Math.max(sampled, oldest + needed));
  const session: HistorySession = {
    id: `ses_h${index.toString(36).padStart(4, '0')}`,
    project_id: project.id,
    title,
    status: spiral === 'overflow' ? 'context_overflow' : 'idle',
    created_at: end,
    updated_at: end,
    agents: agents.map((a) => a.agent),
  };
  return { session, agents, spiral, end };
}

interface Burst {
  from: number;
  to: number;
}

/** Rows as they are generated (per session, per agent, in time order); sorted by time at the end. */
class Builder {
  readonly facts;
  readonly silent = { at: [] as number[], session: [] as number[], agent: [] as number[], kind: [] as number[], strategy: [] as number[], trigger: [] as number[], reason: [] as number[], plugin: [] as number[], version: [] as number[], before: [] as number[] };
  readonly agents = new Dict();
  readonly summarizers = new Dict();
  readonly versions = new Dict();
  readonly versionIds: Record<(typeof HISTORY_PLUGINS)[number], { old: number; current: number }>;
  row = 0;

  constructor(total: number) {
    this.facts = emptyFacts(total, SLOTS, HISTORY_PLUGINS);
    this.versionIds = Object.fromEntries(
      HISTORY_PLUGINS.map((p) => [p, { old: this.versions.id(VERSIONS[p].old), current: this.versions.id(VERSIONS[p].current) }]),
    ) as Builder['versionIds'];
  }

  silentEvent(session: number, agent: number, at: number, kind: 0 | 1, strategy: number, trigger: number, reason: number, plugin: number, before: number, version = -1): void {
    const s = this.silent;
    s.at.push(Math.round(at));
    s.session.push(session);
    s.agent.push(agent);
    s.kind.push(kind);
    s.strategy.push(strategy);
    s.trigger.push(trigger);
    s.reason.push(reason);
    s.plugin.push(plugin);
    s.version.push(version);
    s.before.push(before);
  }
}

const KIND_CODE = Object.fromEntries(RESULT_KINDS.map((k, i) => [k, i + 1])) as Record<(typeof RESULT_KINDS)[number], number>;

function fire(b: Builder, row: number, slot: number, ms: number, kind: (typeof RESULT_KINDS)[number]): number {
  const ms0 = Math.max(0, Math.round(ms));
  (b.facts.slotMs[slot] as Float64Array)[row] = ms0;
  (b.facts.slotKind[slot] as Uint8Array)[row] = KIND_CODE[kind];
  return ms0;
}

/** A plugin's version at a time: the old one before its rollout (shifted per session by `jitter`). */
function versionOf(b: Builder, plugin: (typeof HISTORY_PLUGINS)[number], at: number, anchor: number, jitter: number): number {
  const v = VERSIONS[plugin];
  return at < anchor - v.rolloutDaysAgo * DAY + jitter ? b.versionIds[plugin].old : b.versionIds[plugin].current;
}

/** One agent's compaction events, newest last, ending at `end`. */
function generateAgent(b: Builder, plan: SessionPlan, sIdx: number, ap: AgentPlan, rng: Rng, bursts: readonly Burst[], anchor: number, oldest: number): { first: number; last: number } {
  const f = b.facts;
  const agentIdx = b.agents.id(ap.agent.path);
  const spiral = plan.spiral;
  const summarizerIdx = ap.summarizer ? b.summarizers.id(ap.summarizer) : -1;
  const n = ap.events;
  const spiralFrom = spiral ? Math.floor(n * 0.4) : n;
  // Typical spacing between an agent's compactions: a few minutes at least (the list must refill),
  // tighter for the busiest agents so their whole history fits in the time the history covers.
  const room = (plan.end - oldest) * 0.85 / Math.max(1, spiralFrom);
  const minGap = Math.min(3 * MINUTE, room * 0.5);
  const meanGap = Math.min(uniform(rng, 8, 55) * MINUTE, Math.max(0, room - minGap) * 0.8);
  // Nights and weekends: pauses of hours, as often as the room left allows.
  const pPause = Math.min(0.03, Math.max(0, room - minGap - meanGap) * 0.8 / (9 * HOUR));
  const jitter = uniform(rng, 0, 3) * DAY;
  const times = new Float64Array(n);
  let t = plan.end - uniform(rng, 1, 20) * MINUTE;
  for (let k = n - 1; k >= 0; k--) {
    times[k] = t;
    const inSpiral = k >= spiralFrom;
    const gap = inSpiral ? uniform(rng, 6, 40) * 1000 : minGap + -Math.log(1 - rng.next()) * meanGap;
    t -= gap + (!inSpiral && rng.chance(pPause) ? uniform(rng, 4, 14) * HOUR : 0);
  }
  // An unlucky draw that reaches before the history's start is squeezed to fit.
  const first = times[0] ?? plan.end;
  if (first < oldest) {
    const scale = (plan.end - oldest) / (plan.end - first);
    for (let k = 0; k < n; k++) times[k] = plan.end - (plan.end - (times[k] as number)) * scale;
  }
  // Whole milliseconds, as ISO times carry them.
  for (let k = 0; k < n; k++) times[k] = Math.round(times[k] as number);
  let lastSilentAt = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < n; k++) {
    const row = b.row++;
    const at = times[k] as number;
    const inSpiral = k >= spiralFrom;
    let inBurst = false;
    for (const w of bursts) if (at >= w.from && at < w.to) inBurst = true;
    f.at[row] = at;
    f.session[row] = sIdx;
    f.agent[row] = agentIdx;
    f.window[row] = ap.window;
    let trigger = weighted(rng, TRIGGER_WEIGHTS);
    if (inSpiral && spiral === 'overflow') trigger = rng.chance(0.5) ? 1 : 0;
    if (inSpiral && spiral === 'burst') trigger = 0;
    f.trigger[row] = trigger;
    f.strategy[row] = ap.strategy;
    const w = ap.window;
    const stillOverflows = inSpiral && spiral === 'overflow' && trigger === 1;
    let before =
      stillOverflows ? w * uniform(rng, 1.03, 1.08) : trigger === 1 ? w * uniform(rng, 1.0, 1.05) : trigger === 2 ? w * uniform(rng, 0.5, ap.upper) : trigger === 3 ? w * uniform(rng, 0.6, ap.upper) : trigger === 4 ? w * uniform(rng, 0.7, 0.9) : w * Math.min(1, ap.upper * uniform(rng, 1.0, 1.06));
    before = Math.round(before);
    const hsVersion = versionOf(b, 'hindsight', at, anchor, jitter);
    const mmVersion = versionOf(b, 'memory-markdown', at, anchor, jitter);
    const hsNew = b.versions.values[hsVersion] === VERSIONS.hindsight.current;
    const mmNew = b.versions.values[mmVersion] === VERSIONS['memory-markdown'].current;
    // The delegate compactor: fails in bursts, less often in its newer version.
    let fallback = -1;
    let silentFailure = -1;
    if (ap.strategy === 2) {
      const p = inBurst ? 0.55 : hsNew ? 0.008 : 0.05;
      if (rng.chance(p)) {
        fallback = weighted(rng, inBurst ? BURST_FAILURES : QUIET_FAILURES);
        if (rng.chance(0.15)) silentFailure = FR_COMPACTOR;
      }
    } else if ((ap.strategy === 1 || ap.strategy === 3) && rng.chance(0.015)) {
      fallback = FB_SUMMARIZER;
    }
    if (silentFailure >= 0) {
      // An earlier attempt of this event failed without leaving a record: only the audit log has it.
      b.silentEvent(sIdx, agentIdx, at - uniform(rng, 60, 180) * 1000, 1, ap.strategy, trigger, silentFailure, HISTORY_PLUGINS.indexOf('hindsight'), before, hsVersion);
    }
    const ineffective = inSpiral && spiral !== 'noops' ? rng.chance(0.92) : rng.chance(0.0005);
    const lowerTokens = ap.lower * w;
    let after: number;
    if (ineffective) after = before * uniform(rng, 0.95, 0.995);
    else if (stillOverflows) after = w * uniform(rng, 1.0, 1.02);
    else if (fallback >= 0 || ap.strategy === 0) after = lowerTokens * uniform(rng, 0.85, 1.0);
    else if (ap.strategy === 2) after = lowerTokens * uniform(rng, 0.5, 0.9) * (hsNew ? 0.9 : 1);
    else after = lowerTokens * uniform(rng, 0.55, 0.95);
    after = Math.min(Math.round(after), before - 1);
    f.before[row] = before;
    f.after[row] = Math.max(0, after);
    f.fallback[row] = fallback;
    const summarized = fallback < 0 && (ap.strategy === 1 || ap.strategy === 2 || ap.strategy === 3);
    const summaryTokens = summarized ? Math.round(Math.min(1_500, Math.max(120, 650 * Math.exp(0.45 * normal(rng))))) : -1;
    f.summaryTokens[row] = summaryTokens;
    f.summarizer[row] = summarized ? summarizerIdx : -1;
    f.cost[row] = summarized && ap.summarizer ? historySummarizerCost(ap.summarizer, before, summaryTokens).cost_usd : 0;
    // Plugins fire in manifest-declaration order; observers never block the event.
    let pluginMs = 0;
    const plugins = ap.agent.plugins;
    if (plugins.includes('hindsight')) {
      const err = rng.chance(inBurst ? 0.12 : 0.015);
      pluginMs += fire(b, row, HS_PRE, uniform(rng, 40, 420) * (err ? 3 : 1), err ? 'error' : rng.chance(0.85) ? 'inject' : 'retain');
      pluginMs += fire(b, row, HS_POST, uniform(rng, 4, 60), rng.chance(inBurst ? 0.08 : 0.01) ? 'error' : 'null');
      (f.pluginVersion.hindsight as Int32Array)[row] = hsVersion;
    }
    let strategyMs: number;
    if (ap.strategy === 2) {
      const failedKind = fallback >= 0 ? fallback : -1;
      const ms = failedKind === FB_TIMEOUT ? 30_000 : uniform(rng, 300, 2_400) * (hsNew ? 0.8 : 1);
      pluginMs += fire(b, row, HS_COMPACTOR, ms, failedKind === FB_TIMEOUT || failedKind === FB_ERROR ? 'error' : 'compactor_result');
      (f.pluginVersion.hindsight as Int32Array)[row] = hsVersion;
      strategyMs = fallback >= 0 ? uniform(rng, 5, 60) : 15;
    } else if (ap.strategy === 0) {
      strategyMs = uniform(rng, 2, 60);
    } else {
      strategyMs = fallback >= 0 ? 1_200 + uniform(rng, 5, 60) : 800 + summaryTokens * uniform(rng, 2, 6);
    }
    if (plugins.includes('memory-markdown')) {
      pluginMs += fire(b, row, MM_PRE, uniform(rng, 2, 35), 'null');
      pluginMs += fire(b, row, MM_POST, uniform(rng, 2, 35), rng.chance(mmNew ? 0.01 : 0.06) ? 'error' : 'null');
      (f.pluginVersion['memory-markdown'] as Int32Array)[row] = mmVersion;
    }
    if (plugins.includes('guard-rails')) {
      pluginMs += fire(b, row, GR_PRE, uniform(rng, 1, 9), rng.chance(0.3) ? 'retain' : 'null');
      (f.pluginVersion['guard-rails'] as Int32Array)[row] = versionOf(b, 'guard-rails', at, anchor, jitter);
    }
    f.duration[row] = pluginMs + Math.round(strategyMs);
    f.primaryUsd[row] = historyPrimaryUsd(ap.agent.model_alias, before);
    f.simulated[row] = 1;
    // Flags on a minority: bad ones where compaction went wrong, better ones for hindsight 0.4.2.
    const withHs = plugins.includes('hindsight');
    const bad = (fallback >= 0 ? 0.15 : 0) + (ineffective ? 0.25 : 0) + (withHs ? (hsNew ? 0.02 : 0.07) : 0.04);
    const good = withHs ? (hsNew ? 0.11 : 0.05) : 0.07;
    const roll = rng.next();
    const flag = roll < bad ? 2 : roll < bad + good ? 1 : roll < bad + good + 0.02 ? 3 : 0;
    f.flag[row] = flag;
    if (flag) f.flaggedAt[row] = Math.round(Math.min(anchor, at + uniform(rng, 10 * MINUTE, 3 * DAY)));
    // No-ops (nothing compactable) and failures that leave no record, between records.
    const pNoop = inSpiral && spiral === 'noops' ? 0.9 : 0.015;
    if (rng.chance(pNoop) && at - lastSilentAt > 1_000) {
      const nextAt = k + 1 < n ? (times[k + 1] as number) : at + MINUTE;
      // A no-op loop repeats: 3 to 6 no-ops in a row before the next record (no extra draws, so the rest of the history is unchanged).
      const loop = inSpiral && spiral === 'noops' ? 3 + (k % 4) : 1;
      for (let i = 1; i <= loop; i++) {
        const noopAt = at + Math.max(i, Math.floor(((nextAt - at) * i) / (loop + 1)));
        b.silentEvent(sIdx, agentIdx, noopAt, 0, ap.strategy, trigger === 1 ? 0 : trigger, NOOP, -1, before);
        lastSilentAt = noopAt;
      }
    } else if (rng.chance(inSpiral && spiral === 'overflow' ? 0.5 : 0.004)) {
      const reason = inSpiral && spiral === 'overflow' ? FR_RETRY : ap.strategy === 1 ? FR_SUMMARIZER : FR_UNREACHABLE;
      b.silentEvent(sIdx, agentIdx, at + 1_000, 1, ap.strategy, reason === FR_RETRY ? 1 : trigger, reason, -1, Math.round(before * 1.02));
    }
  }
  return { first: times[0] ?? plan.end, last: times[n - 1] ?? plan.end };
}

/** Splits `total` events over sessions with a heavy tail (log-normal weights). */
function eventCounts(rng: Rng, sessions: number, total: number): number[] {
  const weights = Array.from({ length: sessions }, () => Math.exp(1.1 * normal(rng)));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(3, Math.floor((w / sum) * total)));
  let diff = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % sessions) {
    const step = diff > 0 ? 1 : -1;
    if ((counts[i] as number) + step >= 3) {
      counts[i] = (counts[i] as number) + step;
      diff -= step;
    }
  }
  return counts;
}

export function generateHistory(spec: HistorySpec): History {
  const shape = HISTORY_SHAPES[spec.scale];
  const rng = createRng(hashSeed(`${spec.seed}:history`));
  const oldest = spec.anchor - shape.days * DAY;
  const bursts: Burst[] = Array.from({ length: shape.bursts }, () => {
    const from = spec.anchor - uniform(rng, 0.5, shape.days - 1) * DAY;
    return { from, to: from + uniform(rng, 2, 6) * HOUR };
  });
  const spiralEvents = spec.scale === 'large' ? 600 : 240;
  const spiralTotal = shape.spirals * spiralEvents;
  const counts = eventCounts(rng, shape.sessions - shape.spirals, shape.events - spiralTotal);
  // Spirals are spread through the list, so every project may hold one.
  const spiralAt = new Set(Array.from({ length: shape.spirals }, (_, i) => Math.floor(((i + 0.5) * shape.sessions) / shape.spirals)));
  const plans: SessionPlan[] = [];
  let regular = 0;
  for (let i = 0; i < shape.sessions; i++) {
    const spiral = spiralAt.has(i) ? (SPIRAL_KINDS[plans.filter((p) => p.spiral).length % SPIRAL_KINDS.length] as SpiralKind) : null;
    const events = spiral ? spiralEvents : (counts[regular++] as number);
    plans.push(planSession(spec.seed, shape, i, events, spiral, spec.anchor));
  }
  const b = new Builder(shape.events);
  plans.forEach((plan, sIdx) => {
    const srng = createRng(hashSeed(`${spec.seed}:history:${sIdx}:events`));
    let first = plan.end;
    let last = Number.NEGATIVE_INFINITY;
    for (const ap of plan.agents) {
      const span = generateAgent(b, plan, sIdx, ap, srng, bursts, spec.anchor, oldest);
      first = Math.min(first, span.first);
      last = Math.max(last, span.last);
    }
    plan.session.created_at = Math.round(first - uniform(srng, 5, 60) * MINUTE);
    plan.session.updated_at = Math.round(Math.min(spec.anchor, last + uniform(srng, 1, 30) * MINUTE));
  });
  return assemble(spec, plans, b);
}

/** Sorts rows by time, indexes them per session and totals what session lists show. */
function assemble(spec: HistorySpec, plans: SessionPlan[], b: Builder): History {
  const rows = b.row;
  const raw = b.facts;
  raw.length = rows;
  raw.sessions = plans.map((p) => p.session.id);
  raw.agents = b.agents.values;
  raw.summarizers = b.summarizers.values;
  raw.fallbackKinds = FALLBACK_KINDS;
  raw.versions = b.versions.values;
  const byTime = orderBy(iota(rows), (r) => raw.at[r] as number, false);
  const facts = permuteFacts(raw, byTime);
  const s = b.silent;
  const silentRaw = emptySilent(s.at.length);
  silentRaw.at.set(s.at);
  silentRaw.session.set(s.session);
  silentRaw.agent.set(s.agent);
  silentRaw.kind.set(s.kind);
  silentRaw.strategy.set(s.strategy);
  silentRaw.trigger.set(s.trigger);
  silentRaw.reason.set(s.reason);
  silentRaw.plugin.set(s.plugin);
  silentRaw.version.set(s.version);
  silentRaw.before.set(s.before);
  silentRaw.sessions = raw.sessions;
  silentRaw.agents = raw.agents;
  silentRaw.reasons = [...FAILURE_REASONS, NOOP_REASON];
  silentRaw.plugins = [...HISTORY_PLUGINS];
  silentRaw.versions = raw.versions;
  const silent = permuteSilent(silentRaw, orderBy(iota(silentRaw.length), (r) => silentRaw.at[r] as number, false));
  const sessions = plans.map((p) => p.session);
  const [factStart, factsBySession] = csr(sessions.length, facts.length, (r) => facts.session[r] as number);
  const [silentStart, silentBySession] = csr(sessions.length, silent.length, (r) => silent.session[r] as number);
  const sessionCompactorUsd = new Float64Array(sessions.length);
  const agentOf = sessions.map((x) => new Map(x.agents.map((a) => [facts.agents.indexOf(a.path), a])));
  for (let r = 0; r < facts.length; r++) {
    const sIdx = facts.session[r] as number;
    sessionCompactorUsd[sIdx] = (sessionCompactorUsd[sIdx] as number) + (facts.cost[r] as number);
    const agent = agentOf[sIdx]?.get(facts.agent[r] as number);
    if (agent) agent.primary_cost = addCosts(agent.primary_cost, historyPrimaryCost(agent.model_alias, facts.before[r] as number));
  }
  return { spec, sessions, sessionIndex: new Map(sessions.map((x, i) => [x.id, i])), facts, silent, factStart, factsBySession, silentStart, silentBySession, sessionCompactorUsd };
}

/** Gives the store its history: the columns from its spec, with the operator edits it kept. */
export function attachHistory(store: Store): void {
  if (!store.historySpec) {
    store.history = null;
    return;
  }
  const history = generateHistory(store.historySpec);
  for (const [id, edit] of store.historyEdits) {
    const row = historyRow(history, id);
    if (row >= 0) applyEdit(history, row, edit);
  }
  // What the aggregated views precompute from the history, once here rather than on the first request.
  historyPartials(history);
  historyLayout(history);
  for (const dim of DIMENSIONS) breakdownCells(history, dim);
  topSessionCells(history);
  store.history = history;
  store.revision += 1;
}

export function historyProjects(scale: HistoryScale): { id: string; name: string }[] {
  return HISTORY_SHAPES[scale].projects;
}
