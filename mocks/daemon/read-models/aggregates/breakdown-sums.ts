import type { FactColumns } from '../../../store/facts';
import type { History } from '../../../store/history';
import { FLAG_COUNT, saved } from './counts';
import { addInto, histPercentiles, INT_BINS, intBin, intValue, RATIO_BINS, ratioBin, ratioValue } from './sketch';
import type { Grouper } from './breakdown-groups';

// What a breakdown adds up per group, and each history row's sketch bins.

export const [SAVED, RATIO, DURATION] = [0, 1, 2];
const BOUNDS = 6;

/** Per group: the counts and sums a breakdown row needs, and sketches (sketch.ts) of the values whose medians it gives; merges by addition. */
export class GroupSums {
  readonly events: Float64Array;
  readonly tokens: Float64Array;
  readonly cost: Float64Array;
  readonly fallbacks: Float64Array;
  readonly flags: Float64Array;
  readonly noops: Float64Array;
  readonly failures: Float64Array;
  /** Per group: events whose re-read after was measured, and their adjusted re-read calls and tokens. */
  readonly reread: Float64Array;
  readonly saved: Uint32Array;
  readonly ratio: Uint32Array;
  readonly duration: Uint32Array;
  /** Per group, the least and greatest saved, ratio and duration (a sketched median is kept within them: exact for one event). */
  readonly bounds: Float64Array;

  constructor(readonly n: number) {
    this.events = new Float64Array(n);
    this.tokens = new Float64Array(n);
    this.cost = new Float64Array(n);
    this.fallbacks = new Float64Array(n);
    this.flags = new Float64Array(n * FLAG_COUNT);
    this.noops = new Float64Array(n);
    this.failures = new Float64Array(n);
    this.reread = new Float64Array(n * 3);
    this.saved = new Uint32Array(n * INT_BINS);
    this.ratio = new Uint32Array(n * RATIO_BINS);
    this.duration = new Uint32Array(n * INT_BINS);
    this.bounds = new Float64Array(n * BOUNDS);
    for (let i = 0; i < this.bounds.length; i += 2) {
      this.bounds[i] = Number.POSITIVE_INFINITY;
      this.bounds[i + 1] = Number.NEGATIVE_INFINITY;
    }
  }

  private bound(group: number, which: number, v: number): void {
    const i = group * BOUNDS + which * 2;
    if (v < (this.bounds[i] as number)) this.bounds[i] = v;
    if (v > (this.bounds[i + 1] as number)) this.bounds[i + 1] = v;
  }

  /** A group's median of one of SAVED, RATIO, DURATION, kept within the group's least and greatest value. */
  median(group: number, which: number): number {
    const [hist, bins, value] = which === RATIO ? [this.ratio, RATIO_BINS, ratioValue] : [which === SAVED ? this.saved : this.duration, INT_BINS, intValue];
    const m = histPercentiles(hist.subarray(group * bins, (group + 1) * bins), this.events[group] as number, [50], value)[0] as number;
    const i = group * BOUNDS + which * 2;
    return this.events[group] === 0 ? 0 : Math.min(Math.max(m, this.bounds[i] as number), this.bounds[i + 1] as number);
  }

  /** Adds record row r of f to its groups (rolled-back rows and scope are the caller's); `bins`: the row's sketch bins when kept (the history's). */
  addRow(f: FactColumns, g: Grouper, r: number, bins: RowBins | null): void {
    if (g.single) {
      const group = g.single[r] as number;
      if (group >= 0) this.add(f, group, r, bins);
      return;
    }
    for (const mc of g.multi) {
      const v = mc.col[r] as number;
      if (v >= 0) this.add(f, mc.codes[v] as number, r, bins);
    }
  }

  private add(f: FactColumns, group: number, r: number, bins: RowBins | null): void {
    const before = f.before[r] as number;
    const after = f.after[r] as number;
    const s = saved(before, after);
    const ratio = before > 0 ? after / before : 1;
    const duration = f.duration[r] as number;
    this.bound(group, SAVED, s);
    this.bound(group, RATIO, ratio);
    this.bound(group, DURATION, duration);
    this.events[group] = (this.events[group] as number) + 1;
    this.tokens[group] = (this.tokens[group] as number) + s;
    this.cost[group] = (this.cost[group] as number) + (f.cost[r] as number);
    if ((f.fallback[r] as number) >= 0) this.fallbacks[group] = (this.fallbacks[group] as number) + 1;
    const reread = f.rereadTokens[r] as number;
    if (!Number.isNaN(reread)) {
      this.reread[group * 3] = (this.reread[group * 3] as number) + 1;
      this.reread[group * 3 + 1] = (this.reread[group * 3 + 1] as number) + (f.rereadCalls[r] as number);
      this.reread[group * 3 + 2] = (this.reread[group * 3 + 2] as number) + reread;
    }
    const k = group * FLAG_COUNT + (f.flag[r] as number);
    this.flags[k] = (this.flags[k] as number) + 1;
    const sb = group * INT_BINS + (bins ? (bins.saved[r] as number) : intBin(s));
    this.saved[sb] = (this.saved[sb] as number) + 1;
    const rb = group * RATIO_BINS + (bins ? (bins.ratio[r] as number) : ratioBin(ratio));
    this.ratio[rb] = (this.ratio[rb] as number) + 1;
    const db = group * INT_BINS + (bins ? (bins.duration[r] as number) : intBin(duration));
    this.duration[db] = (this.duration[db] as number) + 1;
  }

  /** Adds another's groups: its group i into this one's map[i]. */
  addFrom(src: GroupSums, map: Int32Array): void {
    for (let i = 0; i < src.n; i++) {
      if (src.events[i] === 0 && src.noops[i] === 0 && src.failures[i] === 0) continue;
      const g = map[i] as number;
      this.events[g] = (this.events[g] as number) + (src.events[i] as number);
      this.tokens[g] = (this.tokens[g] as number) + (src.tokens[i] as number);
      this.cost[g] = (this.cost[g] as number) + (src.cost[i] as number);
      this.fallbacks[g] = (this.fallbacks[g] as number) + (src.fallbacks[i] as number);
      this.noops[g] = (this.noops[g] as number) + (src.noops[i] as number);
      this.failures[g] = (this.failures[g] as number) + (src.failures[i] as number);
      addInto(this.flags, g * FLAG_COUNT, src.flags, i * FLAG_COUNT, FLAG_COUNT);
      addInto(this.reread, g * 3, src.reread, i * 3, 3);
      if (src.events[i] === 0) continue;
      addInto(this.saved, g * INT_BINS, src.saved, i * INT_BINS, INT_BINS);
      addInto(this.ratio, g * RATIO_BINS, src.ratio, i * RATIO_BINS, RATIO_BINS);
      addInto(this.duration, g * INT_BINS, src.duration, i * INT_BINS, INT_BINS);
      for (let k = 0; k < BOUNDS; k += 2) {
        this.bounds[g * BOUNDS + k] = Math.min(this.bounds[g * BOUNDS + k] as number, src.bounds[i * BOUNDS + k] as number);
        this.bounds[g * BOUNDS + k + 1] = Math.max(this.bounds[g * BOUNDS + k + 1] as number, src.bounds[i * BOUNDS + k + 1] as number);
      }
    }
  }
}

/** Each history row's sketch bins (tokens saved, ratio, duration), computed once for every dimension's cells and queries. */
export interface RowBins {
  saved: Uint16Array;
  ratio: Uint16Array;
  duration: Uint16Array;
}

const rowBinsCache = new WeakMap<History, RowBins>();

export function rowBins(history: History): RowBins {
  let hit = rowBinsCache.get(history);
  if (!hit) {
    const f = history.facts;
    hit = { saved: new Uint16Array(f.length), ratio: new Uint16Array(f.length), duration: new Uint16Array(f.length) };
    for (let r = 0; r < f.length; r++) {
      const before = f.before[r] as number;
      const after = f.after[r] as number;
      hit.saved[r] = intBin(saved(before, after));
      hit.ratio[r] = ratioBin(before > 0 ? after / before : 1);
      hit.duration[r] = intBin(f.duration[r] as number);
    }
    rowBinsCache.set(history, hit);
  }
  return hit;
}
