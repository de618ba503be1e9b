import { FLAGS, KIND_ERROR, SILENT_NOOP, STRATEGIES, TRIGGERS } from '../../store/facts';
import type { Schemas } from '../../store/types';
import { maxOf, percentilesOf } from './quantile';
import { keepsSilent, rangeEcho, type PartScope, type Scope } from './scope';

type Health = Schemas['CompactionHealth'];
type StatCount = Schemas['StatCount'];

export const round6 = (usd: number) => Math.round(usd * 1e6) / 1e6;

export function statCounts(counts: Map<string, number>): StatCount[] {
  return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export function bump(counts: Map<string, number>, key: string, by = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

/** A failure reason with its numbers taken out, so reasons naming token counts group together. */
export function reasonKind(reason: string): string {
  return reason.replace(/\d+(\.\d+)?/g, 'N').slice(0, 160);
}

export interface FlagMix {
  good: number;
  bad: number;
  neutral: number;
  unrated: number;
}

export function flagMix(counts: ArrayLike<number>, offset = 0): FlagMix {
  return { unrated: counts[offset] ?? 0, good: counts[offset + 1] ?? 0, bad: counts[offset + 2] ?? 0, neutral: counts[offset + 3] ?? 0 };
}

export const FLAG_COUNT = FLAGS.length;

/** counts[i] += by (typed or plain counters). */
export function inc(counts: { [i: number]: number }, i: number, by = 1): void {
  counts[i] = (counts[i] ?? 0) + by;
}

const RATIO_BINS = 20;

/** Ratio bins of 0.05 over [0, 1), then one for 1 and above (compaction that grew the list). */
function ratioDistribution(values: Float64Array, n: number): Schemas['Distribution'] {
  const counts = new Array<number>(RATIO_BINS + 1).fill(0);
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    const bin = v >= 1 ? RATIO_BINS : Math.max(0, Math.floor(v * RATIO_BINS));
    counts[bin] = (counts[bin] as number) + 1;
  }
  const [p50, p95] = percentilesOf(values, [50, 95], 0, n);
  return {
    count: n,
    p50: p50 as number,
    p95: p95 as number,
    bins: counts.map((count, i) => ({ from: i / RATIO_BINS, to: i === RATIO_BINS ? null : (i + 1) / RATIO_BINS, count })),
  };
}

const NICE = [10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000];

/** Equal-width bins from 0 with a round width, at most 20 of them. */
function tokenDistribution(values: Float64Array, n: number): Schemas['Distribution'] {
  const max = maxOf(values, 0, n);
  const width = NICE.find((w) => Math.ceil((max + 1) / w) <= 20) ?? Math.ceil((max + 1) / 20);
  const bins = Math.max(1, Math.ceil((max + 1) / width));
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < n; i++) {
    const bin = Math.floor((values[i] as number) / width);
    counts[bin] = (counts[bin] as number) + 1;
  }
  const [p50, p95] = percentilesOf(values, [50, 95], 0, n);
  return { count: n, p50: p50 as number, p95: p95 as number, bins: n === 0 ? [] : counts.map((count, i) => ({ from: i * width, to: (i + 1) * width, count })) };
}

/** Tokens a compaction saved: before − after, never negative. */
export function saved(before: number, after: number): number {
  return before > after ? before - after : 0;
}

/** Values gathered in typed arrays, a chunk per part, joined when percentiles are asked. */
class Gathered {
  private chunks: Float64Array[] = [];
  count = 0;

  add(chunk: Float64Array, n: number): void {
    if (n > 0) this.chunks.push(chunk.subarray(0, n));
    this.count += n;
  }

  joined(): Float64Array {
    if (this.chunks.length === 1) return this.chunks[0] as Float64Array;
    const out = new Float64Array(this.count);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

/**
 * The aggregated view over a scope: events over time (stacked by strategy and by trigger),
 * tokens saved, compactor against primary spend, distributions, fallback and failure rates,
 * hook timings, and the no-ops and failures that left no record.
 */
export function compactionHealth(scope: Scope, parts: PartScope[]): Health {
  const { edges } = scope.range;
  const nb = edges.length - 1;
  const nS = STRATEGIES.length;
  const nT = TRIGGERS.length;
  const events = new Float64Array(nb);
  const byStrategy = new Float64Array(nb * nS);
  const byTrigger = new Float64Array(nb * nT);
  const tokens = new Float64Array(nb);
  const compactor = new Float64Array(nb);
  const primary = new Float64Array(nb);
  const fallbacks = new Float64Array(nb);
  const failures = new Float64Array(nb);
  const noops = new Float64Array(nb);
  const flags = new Float64Array(FLAG_COUNT);
  const ratios = new Gathered();
  const summaries = new Gathered();
  const hooks = new Map<string, { plugin: string; hook: Schemas['PluginFired']['hook']; values: Gathered; errors: number }>();
  const fallbackReasons = new Map<string, number>();
  const noopStrategies = new Map<string, number>();
  const noopReasons = new Map<string, number>();
  const failureReasons = new Map<string, number>();
  const failureStrategies = new Map<string, number>();
  const sessions = new Set<string>();

  for (const ps of parts) {
    const f = ps.part.facts;
    const { at, before, after, strategy, trigger, cost, primaryUsd, summaryTokens, flag, fallback, session, agent, rolledBack } = f;
    const inScope = ps.sessions;
    const agentSel = ps.agent;
    const seen = new Uint8Array(ps.part.sessions.length);
    const size = Math.max(0, ps.hi - ps.lo);
    const ratioChunk = new Float64Array(size);
    const summaryChunk = new Float64Array(size);
    const fallbackCounts = new Float64Array(f.fallbackKinds.length);
    let nRatio = 0;
    let nSummary = 0;
    // Events in scope, kept for the per-slot pass below.
    const kept = new Int32Array(size);
    let nKept = 0;
    let b = 0;
    for (let r = ps.lo; r < ps.hi; r++) {
      if (inScope[session[r] as number] !== 1 || (agentSel !== -1 && agent[r] !== agentSel) || rolledBack[r] !== 0) continue;
      kept[nKept++] = r;
      const t = at[r] as number;
      while ((edges[b + 1] as number) <= t) b++;
      const x = before[r] as number;
      const y = after[r] as number;
      events[b] = (events[b] as number) + 1;
      const si = b * nS + (strategy[r] as number);
      byStrategy[si] = (byStrategy[si] as number) + 1;
      const ti = b * nT + (trigger[r] as number);
      byTrigger[ti] = (byTrigger[ti] as number) + 1;
      tokens[b] = (tokens[b] as number) + (x > y ? x - y : 0);
      compactor[b] = (compactor[b] as number) + (cost[r] as number);
      primary[b] = (primary[b] as number) + (primaryUsd[r] as number);
      ratioChunk[nRatio++] = x > 0 ? y / x : 1;
      const st = summaryTokens[r] as number;
      if (st >= 0) summaryChunk[nSummary++] = st;
      const fl = flag[r] as number;
      flags[fl] = (flags[fl] as number) + 1;
      const fb = fallback[r] as number;
      if (fb >= 0) {
        fallbacks[b] = (fallbacks[b] as number) + 1;
        fallbackCounts[fb] = (fallbackCounts[fb] as number) + 1;
      }
      seen[session[r] as number] = 1;
    }
    ratios.add(ratioChunk, nRatio);
    summaries.add(summaryChunk, nSummary);
    fallbackCounts.forEach((n, i) => n > 0 && bump(fallbackReasons, f.fallbackKinds[i] as string, n));
    // One scratch buffer for every slot; each slot keeps only a copy of its own values.
    const scratch = new Float64Array(nKept);
    f.slots.forEach((slot, i) => {
      const key = `${slot.plugin}\u0000${slot.hook}`;
      let entry = hooks.get(key);
      if (!entry) {
        entry = { plugin: slot.plugin, hook: slot.hook, values: new Gathered(), errors: 0 };
        hooks.set(key, entry);
      }
      const kind = f.slotKind[i] as Uint8Array;
      const ms = f.slotMs[i] as Float64Array;
      let n = 0;
      let errors = 0;
      for (let k = 0; k < nKept; k++) {
        const r = kept[k] as number;
        const kd = kind[r] as number;
        if (kd === 0) continue;
        scratch[n++] = ms[r] as number;
        if (kd === KIND_ERROR) errors++;
      }
      entry.values.add(scratch.slice(0, n), n);
      entry.errors += errors;
    });
    const t = ps.part.silent;
    b = 0;
    for (let r = ps.silentLo; r < ps.silentHi; r++) {
      if (!keepsSilent(ps, r)) continue;
      const when = t.at[r] as number;
      while ((edges[b + 1] as number) <= when) b++;
      const strategyName = STRATEGIES[t.strategy[r] as number] as string;
      const reason = reasonKind(t.reasons[t.reason[r] as number] as string);
      if (t.kind[r] === SILENT_NOOP) {
        noops[b] = (noops[b] as number) + 1;
        bump(noopStrategies, strategyName);
        bump(noopReasons, reason);
      } else {
        failures[b] = (failures[b] as number) + 1;
        bump(failureStrategies, strategyName);
        bump(failureReasons, reason);
      }
      seen[t.session[r] as number] = 1;
    }
    seen.forEach((v, i) => v && sessions.add(ps.part.sessions[i]?.id as string));
  }

  const sum = (a: Float64Array) => a.reduce((n, v) => n + v, 0);
  const totalEvents = sum(events);
  const totalNoops = sum(noops);
  const totalFailures = sum(failures);
  const totalFallbacks = sum(fallbacks);
  const attempts = totalEvents + totalNoops + totalFailures;
  return {
    scope: { project_id: scope.projectId, session_id: scope.sessionId, agent_path: scope.agentPath, ...rangeEcho(scope.range) },
    totals: {
      events: totalEvents,
      sessions: sessions.size,
      noops: totalNoops,
      failures: totalFailures,
      fallbacks: totalFallbacks,
      tokens_saved: sum(tokens),
      compactor_usd: round6(sum(compactor)),
      primary_usd: round6(sum(primary)),
      fallback_rate: totalEvents === 0 ? 0 : totalFallbacks / totalEvents,
      failure_rate: attempts === 0 ? 0 : totalFailures / attempts,
      noop_rate: attempts === 0 ? 0 : totalNoops / attempts,
      flags: flagMix(flags),
    },
    series: Array.from({ length: nb }, (_, i) => ({
      start: new Date(edges[i] as number).toISOString(),
      end: new Date(edges[i + 1] as number).toISOString(),
      events: events[i] as number,
      by_strategy: Object.fromEntries(STRATEGIES.map((k, j) => [k, byStrategy[i * nS + j] as number])) as Schemas['StrategyCounts'],
      by_trigger: Object.fromEntries(TRIGGERS.map((k, j) => [k, byTrigger[i * nT + j] as number])) as Schemas['TriggerCounts'],
      tokens_saved: tokens[i] as number,
      compactor_usd: round6(compactor[i] as number),
      primary_usd: round6(primary[i] as number),
      fallbacks: fallbacks[i] as number,
      failures: failures[i] as number,
      noops: noops[i] as number,
    })),
    compression_ratio: ratioDistribution(ratios.joined(), ratios.count),
    summary_tokens: tokenDistribution(summaries.joined(), summaries.count),
    hook_timings: [...hooks.values()]
      .filter((h) => h.values.count > 0)
      .map((h) => {
        const values = h.values.joined();
        const [p50, p95] = percentilesOf(values, [50, 95]);
        return { plugin: h.plugin, hook: h.hook, count: values.length, p50_ms: p50 as number, p95_ms: p95 as number, max_ms: maxOf(values), errors: h.errors };
      })
      .sort((a, b) => (a.plugin < b.plugin ? -1 : a.plugin > b.plugin ? 1 : a.hook < b.hook ? -1 : a.hook > b.hook ? 1 : 0)),
    noops: { total: totalNoops, by_strategy: statCounts(noopStrategies), by_reason: statCounts(noopReasons) },
    failures: { total: totalFailures, by_strategy: statCounts(failureStrategies), by_reason: statCounts(failureReasons) },
    fallback_reasons: statCounts(fallbackReasons),
  };
}
