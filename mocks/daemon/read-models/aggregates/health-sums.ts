import { KIND_ERROR, SILENT_NOOP, type FactColumns } from '../../../store/facts';
import type { Schemas } from '../../../store/types';
import { bump, FLAG_COUNT, reasonKind } from './counts';
import { keepsSilent, type PartScope } from './scope';
import { INT_BINS, intBin, RATIO_BINS, ratioBin } from './sketch';
import { bucketOf } from './time';
import { STRATEGIES, TRIGGERS } from '../../../../src/domain/contract/enums.gen';

export const nS = STRATEGIES.length;
const nT = TRIGGERS.length;
/** One bucket's counters: events by strategy, by trigger, then these. */
export const [TOKENS, COMPACTOR, PRIMARY, FALLBACKS, FAILURES, NOOPS, SIMULATED] = [0, 1, 2, 3, 4, 5, 6].map((i) => nS + nT + i) as [number, number, number, number, number, number, number];
export const WIDTH = nS + nT + 7;
/** COMPACTOR and PRIMARY hold USD in these units (1e-8, the precision every cost is rounded to). */
export const USD_UNITS = 1e8;

interface Hook {
  plugin: string;
  hook: Schemas['PluginFired']['hook'];
  hist: Uint32Array;
  count: number;
  errors: number;
  max: number;
}

/** Which sums a pass over rows adds: the per-bucket series, the range-wide ones (flags, distributions, hooks, sessions), or both. */
export interface Take {
  series: boolean;
  wide: boolean;
}
export const TAKE_ALL: Take = { series: true, wide: true };

/**
 * What a health answer adds up, in a form that merges by addition: per-bucket counters, and
 * range-wide flag counts, distributions as sketches (sketch.ts), hook timings and sessions. The
 * answer over a range is one of these filled from rows or merged from per-day partials
 * (health-partials.ts); either way the same numbers.
 */
export class HealthSums {
  readonly edges: Float64Array;
  readonly series: Float64Array;
  readonly flags = new Float64Array(FLAG_COUNT);
  readonly fallbackReasons = new Map<string, number>();
  readonly ratio = new Uint32Array(RATIO_BINS);
  ratioCount = 0;
  readonly summary = new Uint32Array(INT_BINS);
  summaryCount = 0;
  summaryMax = 0;
  readonly hooks = new Map<string, Hook>();
  readonly noopStrategies = new Map<string, number>();
  readonly noopReasons = new Map<string, number>();
  readonly failureStrategies = new Map<string, number>();
  readonly failureReasons = new Map<string, number>();
  /** Sessions with an event, per session-id list (a part's): a mask, so merging is cheap. */
  private readonly seen = new Map<readonly string[], Uint8Array>();

  constructor(edges: Float64Array) {
    this.edges = edges;
    this.series = new Float64Array((edges.length - 1) * WIDTH);
  }

  private seenOf(ids: readonly string[]): Uint8Array {
    let mask = this.seen.get(ids);
    if (!mask) {
      mask = new Uint8Array(ids.length);
      this.seen.set(ids, mask);
    }
    return mask;
  }

  /** How many distinct sessions had an event. */
  sessionCount(): number {
    const ids = new Set<string>();
    for (const [list, mask] of this.seen) mask.forEach((v, i) => v && ids.add(list[i] as string));
    return ids.size;
  }

  private hook(plugin: string, hook: Hook['hook']): Hook {
    const key = `${plugin}\u0000${hook}`;
    let entry = this.hooks.get(key);
    if (!entry) {
      entry = { plugin, hook, hist: new Uint32Array(INT_BINS), count: 0, errors: 0, max: 0 };
      this.hooks.set(key, entry);
    }
    return entry;
  }

  /** Record rows [lo, hi) (time-ordered, inside the range) of the sessions in the mask and the agent (-1: any), rolled-back ones aside. */
  /** originSel: -1 any provenance, 0 recorded only, 1 simulated only. */
  addRecords(f: FactColumns, inScope: Uint8Array, agentSel: number, lo: number, hi: number, take: Take, originSel = -1): void {
    if (hi <= lo) return;
    const { at, before, after, strategy, trigger, cost, primaryUsd, simulated, summaryTokens, flag, fallback, session, agent, rolledBack } = f;
    const { edges, series, flags, ratio, summary } = this;
    const slotHooks = f.slots.map((slot) => this.hook(slot.plugin, slot.hook));
    const fallbackCounts = new Float64Array(f.fallbackKinds.length);
    const seen = this.seenOf(f.sessions);
    let b = bucketOf(edges, at[lo] as number);
    for (let r = lo; r < hi; r++) {
      if (inScope[session[r] as number] !== 1 || (agentSel !== -1 && agent[r] !== agentSel) || rolledBack[r] !== 0 || (originSel !== -1 && simulated[r] !== originSel)) continue;
      const x = before[r] as number;
      const y = after[r] as number;
      const fb = fallback[r] as number;
      if (take.series) {
        const t = at[r] as number;
        while ((edges[b + 1] as number) <= t) b++;
        const o = b * WIDTH;
        const si = o + (strategy[r] as number);
        series[si] = (series[si] as number) + 1;
        const ti = o + nS + (trigger[r] as number);
        series[ti] = (series[ti] as number) + 1;
        series[o + TOKENS] = (series[o + TOKENS] as number) + (x > y ? x - y : 0);
        // Money in whole 1e-8 USD: sums are exact, whatever the order partials are merged in.
        series[o + COMPACTOR] = (series[o + COMPACTOR] as number) + Math.round((cost[r] as number) * USD_UNITS);
        series[o + PRIMARY] = (series[o + PRIMARY] as number) + Math.round((primaryUsd[r] as number) * USD_UNITS);
        series[o + SIMULATED] = (series[o + SIMULATED] as number) + (simulated[r] as number);
        if (fb >= 0) series[o + FALLBACKS] = (series[o + FALLBACKS] as number) + 1;
      }
      if (!take.wide) continue;
      const rb = ratioBin(x > 0 ? y / x : 1);
      ratio[rb] = (ratio[rb] as number) + 1;
      this.ratioCount++;
      const st = summaryTokens[r] as number;
      if (st >= 0) {
        const sb = intBin(st);
        summary[sb] = (summary[sb] as number) + 1;
        this.summaryCount++;
        if (st > this.summaryMax) this.summaryMax = st;
      }
      const fl = flag[r] as number;
      flags[fl] = (flags[fl] as number) + 1;
      if (fb >= 0) fallbackCounts[fb] = (fallbackCounts[fb] as number) + 1;
      seen[session[r] as number] = 1;
      for (let i = 0; i < slotHooks.length; i++) {
        const kd = (f.slotKind[i] as Uint8Array)[r] as number;
        if (kd === 0) continue;
        const h = slotHooks[i] as Hook;
        const ms = (f.slotMs[i] as Float64Array)[r] as number;
        const hb = intBin(ms);
        h.hist[hb] = (h.hist[hb] as number) + 1;
        h.count++;
        if (kd === KIND_ERROR) h.errors++;
        if (ms > h.max) h.max = ms;
      }
    }
    fallbackCounts.forEach((n, i) => n > 0 && bump(this.fallbackReasons, f.fallbackKinds[i] as string, n));
  }

  /** The part's no-ops and failures that left no record, in the scope and range. */
  addSilent(ps: PartScope): void {
    const t = ps.part.silent;
    const { edges, series } = this;
    if (ps.silentHi <= ps.silentLo) return;
    let b = bucketOf(edges, t.at[ps.silentLo] as number);
    for (let r = ps.silentLo; r < ps.silentHi; r++) {
      if (!keepsSilent(ps, r)) continue;
      const when = t.at[r] as number;
      while ((edges[b + 1] as number) <= when) b++;
      const strategyName = STRATEGIES[t.strategy[r] as number] as string;
      const reason = reasonKind(t.reasons[t.reason[r] as number] as string);
      const noop = t.kind[r] === SILENT_NOOP;
      const o = b * WIDTH + (noop ? NOOPS : FAILURES);
      series[o] = (series[o] as number) + 1;
      bump(noop ? this.noopStrategies : this.failureStrategies, strategyName);
      bump(noop ? this.noopReasons : this.failureReasons, reason);
      this.seenOf(t.sessions)[t.session[r] as number] = 1;
    }
  }

  /** Adds a partial's bucket `from` into this one's bucket `to`. */
  addBucket(src: HealthSums, from: number, to: number): void {
    for (let i = 0; i < WIDTH; i++) this.series[to * WIDTH + i] = (this.series[to * WIDTH + i] as number) + (src.series[from * WIDTH + i] as number);
  }

  /** Adds a partial's range-wide sums (flags, distributions, hooks, sessions; its silent rows are never in a partial). */
  addWide(src: HealthSums): void {
    for (let i = 0; i < FLAG_COUNT; i++) this.flags[i] = (this.flags[i] as number) + (src.flags[i] as number);
    for (const [k, n] of src.fallbackReasons) bump(this.fallbackReasons, k, n);
    addCounts(this.ratio, src.ratio);
    this.ratioCount += src.ratioCount;
    addCounts(this.summary, src.summary);
    this.summaryCount += src.summaryCount;
    this.summaryMax = Math.max(this.summaryMax, src.summaryMax);
    for (const h of src.hooks.values()) {
      if (h.count === 0) continue;
      const mine = this.hook(h.plugin, h.hook);
      addCounts(mine.hist, h.hist);
      mine.count += h.count;
      mine.errors += h.errors;
      mine.max = Math.max(mine.max, h.max);
    }
    for (const [list, mask] of src.seen) {
      const mine = this.seenOf(list);
      for (let i = 0; i < mask.length; i++) if (mask[i] === 1) mine[i] = 1;
    }
  }
}

function addCounts(target: Uint32Array, source: Uint32Array): void {
  for (let i = 0; i < target.length; i++) if (source[i] !== 0) target[i] = (target[i] as number) + (source[i] as number);
}
