import { Dict, type FactColumns } from '../../store/facts';
import type { History } from '../../store/history';
import type { Schemas } from '../../store/types';
import { DaemonError } from '../errors';
import { FLAG_COUNT, flagMix, round6, saved } from './counts';
import { dayCells, forRange, projectRows, projectSpan, type DayCells } from './day-cells';
import { addInto, histPercentiles, INT_BINS, intBin, intValue, RATIO_BINS, ratioBin, ratioValue } from './sketch';
import { keepsSilent, rangeEcho, type PartScope, type Scope } from './scope';
import type { Part } from './tables';
import { STRATEGIES, TRIGGERS } from '../../../src/domain/contract/enums.gen';

type Dimension = Schemas['BreakdownDimension'];
export const DIMENSIONS: Dimension[] = ['strategy', 'agent_path', 'trigger', 'plugin', 'plugin_version', 'summarizer_model'];

/** The key that stands for "no summarizer model" while grouping (answered as null). */
const NONE = '\u0000none';

export function parseDimension(raw: string | null): Dimension {
  if (raw && (DIMENSIONS as string[]).includes(raw)) return raw as Dimension;
  throw new DaemonError(400, 'invalid_request', `by must be one of ${DIMENSIONS.join(', ')}`, { field: 'by' });
}

/**
 * How a part's rows map to groups: `single` gives a record row's one group (-1: none); for the
 * plugin dimensions a row is in one group per plugin that fired in it, read from `multi`.
 */
interface Grouper {
  single: Int32Array | null;
  multi: { col: Int32Array; codes: Int32Array }[];
  /** The group of a silent row, -1 for none. */
  silent: Int32Array;
}

function grouper(part: Pick<Part, 'facts' | 'silent'>, dim: Dimension, groups: Dict): Grouper {
  const f = part.facts;
  const t = part.silent;
  const map = (values: ArrayLike<number>, codes: readonly number[], missing = -1) => {
    // A plain loop: Int32Array.from with a map function is several times slower at 1,000,000 rows.
    const out = new Int32Array(values.length);
    for (let r = 0; r < out.length; r++) {
      const v = values[r] as number;
      out[r] = v < 0 ? missing : (codes[v] as number);
    }
    return out;
  };
  switch (dim) {
    case 'strategy': {
      const codes = STRATEGIES.map((x) => groups.id(x));
      return { single: map(f.strategy, codes), multi: [], silent: map(t.strategy, codes) };
    }
    case 'trigger': {
      const codes = TRIGGERS.map((x) => groups.id(x));
      return { single: map(f.trigger, codes), multi: [], silent: map(t.trigger, codes) };
    }
    case 'agent_path': {
      const codes = f.agents.map((a) => groups.id(a));
      return { single: map(f.agent, codes), multi: [], silent: map(t.agent, codes) };
    }
    case 'summarizer_model': {
      const codes = f.summarizers.map((m) => groups.id(m));
      const none = groups.id(NONE);
      return { single: map(f.summarizer, codes, none), multi: [], silent: new Int32Array(t.length).fill(-1) };
    }
    case 'plugin':
    case 'plugin_version': {
      const multi = Object.entries(f.pluginVersion).map(([name, col]) => ({ col, codes: Int32Array.from(f.versions, (v) => groups.id(dim === 'plugin' ? name : `${name}@${v}`)) }));
      const silent =
        dim === 'plugin'
          ? map(t.plugin, t.plugins.map((p) => groups.id(p)))
          : Int32Array.from(t.plugin, (p, r) => (p < 0 || (t.version[r] as number) < 0 ? -1 : groups.id(`${t.plugins[p]}@${t.versions[t.version[r] as number]}`)));
      return { single: null, multi, silent };
    }
  }
}

const [SAVED, RATIO, DURATION] = [0, 1, 2];
const BOUNDS = 6;

/** Per group: the counts and sums a breakdown row needs, and sketches (sketch.ts) of the values whose medians it gives; merges by addition. */
class GroupSums {
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
interface RowBins {
  saved: Uint16Array;
  ratio: Uint16Array;
  duration: Uint16Array;
}

const rowBinsCache = new WeakMap<History, RowBins>();

function rowBins(history: History): RowBins {
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

/** A part's groups for a dimension: the history's are made once (its columns do not change), the live part's per query. */
const historyGroupers = new WeakMap<History, Map<Dimension, { groups: Dict; grouper: Grouper }>>();

function partGrouper(part: Part, dim: Dimension): { groups: Dict; grouper: Grouper } {
  if (!part.history) {
    const groups = new Dict();
    return { groups, grouper: grouper(part, dim, groups) };
  }
  return historyGrouper(part.history, dim);
}

function historyGrouper(history: History, dim: Dimension): { groups: Dict; grouper: Grouper } {
  let byDim = historyGroupers.get(history);
  if (!byDim) {
    byDim = new Map();
    historyGroupers.set(history, byDim);
  }
  let hit = byDim.get(dim);
  if (!hit) {
    const groups = new Dict();
    hit = { groups, grouper: grouper(history, dim, groups) };
    byDim.set(dim, hit);
  }
  return hit;
}

/**
 * Fills sums with one part's record rows in scope. The history over all projects is merged from
 * its per-day cells (day-cells.ts) and the rows at the range's edges; over one project it reads
 * that project's rows only (an index kept per project); a session or agent scope, and the live
 * part, are read row by row.
 */
function addRecords(sums: GroupSums, scope: Scope, ps: PartScope, dim: Dimension, g: Grouper): void {
  const f = ps.part.facts;
  const { session, agent, rolledBack, simulated } = f;
  const origin = ps.simulated;
  const inScope = ps.sessions;
  const sel = ps.agent;
  const history = ps.part.history;
  const bins = history ? rowBins(history) : null;
  const scan = (lo: number, hi: number) => {
    for (let r = lo; r < hi; r++) {
      if (inScope[session[r] as number] !== 1 || (sel !== -1 && agent[r] !== sel) || rolledBack[r] !== 0 || (origin !== -1 && simulated[r] !== origin)) continue;
      sums.addRow(f, g, r, bins);
    }
  };
  if (!history || scope.sessionId !== null || scope.agentPath !== null) {
    scan(ps.lo, ps.hi);
    return;
  }
  const { from, to } = scope.range;
  if (scope.projectId !== null) {
    const pr = projectRows(history);
    const p = pr.projects.indexOf(scope.projectId);
    if (p < 0) return;
    const [lo, hi] = projectSpan(history, pr, p, from, to);
    for (let k = lo; k < hi; k++) {
      const r = pr.rows[k] as number;
      if (rolledBack[r] === 0) sums.addRow(f, g, r, bins);
    }
    return;
  }
  const identity = Int32Array.from({ length: sums.n }, (_, i) => i);
  forRange(history, breakdownCells(history, dim), from, to, (cell) => sums.addFrom(cell, identity), scan);
}

/** The history's per-day breakdown sums over all projects for a dimension (built on first use; attachHistory builds them). */
export function breakdownCells(history: History, dim: Dimension): DayCells<GroupSums> {
  const { groups, grouper: g } = historyGrouper(history, dim);
  const f = history.facts;
  const bins = rowBins(history);
  return dayCells(
    history,
    `breakdown:${dim}`,
    () => new GroupSums(groups.values.length),
    (cell, lo, hi) => {
      for (let r = lo; r < hi; r++) if (f.rolledBack[r] === 0) cell.addRow(f, g, r, bins);
    },
  );
}

/** One breakdown table over a scope: per value of the dimension, counts, medians (sketched: within the bounds of sketch.ts), rates, cost and flag mix. */
export function breakdown(scope: Scope, parts: PartScope[], dim: Dimension): Schemas['CompactionBreakdown'] {
  const groups = new Dict();
  const perPart = parts.map((ps) => {
    const { groups: local, grouper: g } = partGrouper(ps.part, dim);
    const sums = new GroupSums(local.values.length);
    addRecords(sums, scope, ps, dim, g);
    const t = ps.part.silent;
    for (let q = ps.silentLo; q < ps.silentHi; q++) {
      const group = g.silent[q] as number;
      if (group < 0 || !keepsSilent(ps, q)) continue;
      const target = t.kind[q] === 0 ? sums.noops : sums.failures;
      target[group] = (target[group] as number) + 1;
    }
    return { sums, map: Int32Array.from(local.values, (key) => groups.id(key)) };
  });
  const all = new GroupSums(groups.values.length);
  for (const { sums, map } of perPart) all.addFrom(sums, map);
  const rows: Schemas['BreakdownRow'][] = groups.values.map((key, group) => {
    const count = all.events[group] as number;
    return {
      key: key === NONE ? null : key,
      events: count,
      tokens_saved: all.tokens[group] as number,
      median_tokens_saved: all.median(group, SAVED),
      median_ratio: all.median(group, RATIO),
      fallbacks: all.fallbacks[group] as number,
      fallback_rate: count === 0 ? 0 : (all.fallbacks[group] as number) / count,
      median_duration_ms: all.median(group, DURATION),
      cost_usd: round6(all.cost[group] as number),
      flags: flagMix(all.flags, group * FLAG_COUNT),
      noops: all.noops[group] as number,
      failures: all.failures[group] as number,
      reread_events: all.reread[group * 3] as number,
      reread_calls: all.reread[group * 3 + 1] as number,
      reread_tokens: all.reread[group * 3 + 2] as number,
    };
  });
  return {
    scope: { project_id: scope.projectId, session_id: scope.sessionId, agent_path: scope.agentPath, ...rangeEcho(scope.range) },
    by: dim,
    rows: rows
      .filter((row) => row.events + row.noops + row.failures > 0)
      .sort((a, b) => b.events - a.events || b.noops + b.failures - (a.noops + a.failures) || String(a.key).localeCompare(String(b.key))),
  };
}
