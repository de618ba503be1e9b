/**
 * One agent's compaction events in the generated history (history.ts), as fact rows: times with
 * nights and bursts, triggers, before and after tokens, fallbacks, plugins fired with their versions,
 * costs, flags, and the no-ops and failures that leave no record (the silent table).
 */
import { addCosts, costTotal, NO_COST, priceUsage } from '../../../src/domain/accounting/cost';
import { RESERVED_OUTPUT_TOKENS } from '../../../src/domain/accounting/context';
import { tokenScaleFor } from '../../engine/estimate';
import { findModel, pricesOf } from '../../store/catalog';
import { historySummarizerCost } from '../../store/history-costs';
import { Dict, emptyFacts, RESULT_KINDS, type Slot } from '../../store/facts';
import type { Rng } from '../../store/prng';
import { walkSeed } from './history-messages';
import { AgentWalk, openingMessages } from './history-walk';
import { DAY, HISTORY_PLUGINS, HOUR, MINUTE, normal, uniform, weighted, type AgentPlan, type SessionPlan } from './history-plan';

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

export const FALLBACK_KINDS = ['delegate: timeout', 'delegate: error', 'delegate: compactor_split_tool_pair', 'summarize: error'];
const [FB_TIMEOUT, FB_ERROR, FB_SPLIT, FB_SUMMARIZER] = [0, 1, 2, 3] as const;
/** How the compactor fails: mostly time-outs in a burst, mostly invalid results otherwise. */
const BURST_FAILURES: [number, number][] = [[FB_TIMEOUT, 70], [FB_ERROR, 20], [FB_SPLIT, 10]];
const QUIET_FAILURES: [number, number][] = [[FB_SPLIT, 60], [FB_ERROR, 25], [FB_TIMEOUT, 15]];

export const FAILURE_REASONS = [
  'lower target unreachable: the always-keep set alone exceeds the target',
  'summarizer failed and the drop fallback is disabled (summarize.enabled=false, strategy summarize)',
  'compactor timed out after 30000 ms and drop cannot reach the lower target',
  'reactive retry: the provider rejected the call again after compacting (prompt is too long)',
];
const [FR_UNREACHABLE, FR_SUMMARIZER, FR_COMPACTOR, FR_RETRY] = [0, 1, 2, 3] as const;
/** The no-op reason's index in the silent table's reasons (after the failure reasons). */
const NOOP = FAILURE_REASONS.length;

const TRIGGER_WEIGHTS: [number, number][] = [[0, 82], [1, 4], [2, 5], [3, 5], [4, 4]];

export interface Burst {
  from: number;
  to: number;
}

/** Rows as they are generated (per session, per agent, in time order); sorted by time at the end. */
export class Builder {
  readonly facts;
  readonly silent = { at: [] as number[], session: [] as number[], agent: [] as number[], kind: [] as number[], strategy: [] as number[], trigger: [] as number[], reason: [] as number[], plugin: [] as number[], version: [] as number[], before: [] as number[] };
  readonly agents = new Dict();
  readonly summarizers = new Dict();
  readonly versions = new Dict();
  /** Per row (generation order): what the event did to its agent's messages (history-walk.ts). */
  readonly steps = { from: [] as number[], to: [] as number[], end: [] as number[], seq: [] as number[] };
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
export function generateAgent(b: Builder, plan: SessionPlan, sIdx: number, ap: AgentPlan, rng: Rng, bursts: readonly Burst[], anchor: number, oldest: number): { first: number; last: number } {
  const f = b.facts;
  const agentIdx = b.agents.id(ap.agent.path);
  const spiral = plan.spiral;
  const summarizerIdx = ap.summarizer ? b.summarizers.id(ap.summarizer) : -1;
  const model = findModel(ap.agent.model_alias);
  const walkOf = { seed: walkSeed(plan.messageSeed, ap.agent.path), scale: tokenScaleFor(model.id) };
  const walk = new AgentWalk(walkOf.seed, walkOf.scale, openingMessages(plan.session.title, ap.agent.path));
  let primaryCost = NO_COST;
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
    // The figure the agent's messages reach at the LLM call where the event fires.
    before = walk.reach(Math.round(before));
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
    f.fallback[row] = fallback;
    const summarized = fallback < 0 && (ap.strategy === 1 || ap.strategy === 2 || ap.strategy === 3);
    const summaryTokens = summarized ? Math.round(Math.min(1_500, Math.max(120, 650 * Math.exp(0.45 * normal(rng))))) : -1;
    const step = walk.compact(Math.max(0, after), summaryTokens);
    f.before[row] = before;
    f.after[row] = step.after;
    b.steps.from.push(step.from);
    b.steps.to.push(step.to);
    b.steps.end.push(step.end);
    b.steps.seq.push(step.seq * 2 + (step.prevSummary ? 1 : 0));
    // A summary stands only where the event superseded something (history-walk.ts).
    f.summaryTokens[row] = step.prevSummary || step.to > step.from ? summaryTokens : -1;
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
    // The agent's calls since its previous event, priced like every other call.
    const calls = priceUsage(walk.takeUsage(), pricesOf(model));
    primaryCost = addCosts(primaryCost, calls);
    f.primaryUsd[row] = costTotal(calls);
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
  ap.agent.primary_cost = primaryCost;
  ap.agent.walk = { ...walkOf, tokens: walk.estimate() - RESERVED_OUTPUT_TOKENS };
  return { first: times[0] ?? plan.end, last: times[n - 1] ?? plan.end };
}
