import { Dict, STRATEGIES, TRIGGERS } from '../../store/facts';
import type { Schemas } from '../../store/types';
import { DaemonError } from '../errors';
import { FLAG_COUNT, flagMix, round6, saved } from './counts';
import { percentilesOf } from './quantile';
import { keepsSilent, rangeEcho, type PartScope, type Scope } from './scope';
import type { Part } from './tables';

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

function grouper(part: Part, dim: Dimension, groups: Dict): Grouper {
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

/** One breakdown table over a scope: per value of the dimension, counts, medians, rates, cost and flag mix. */
export function breakdown(scope: Scope, parts: PartScope[], dim: Dimension): Schemas['CompactionBreakdown'] {
  const groups = new Dict();
  const groupers = parts.map((ps) => grouper(ps.part, dim, groups));
  // Every group exists once the groupers are made; pass 1 counts and sums per group and notes
  // each (row, group) membership, so pass 2 only lays the values out.
  const n = groups.values.length;
  const events = new Float64Array(n);
  const tokens = new Float64Array(n);
  const cost = new Float64Array(n);
  const fallbacks = new Float64Array(n);
  const flags = new Float64Array(n * FLAG_COUNT);
  const noops = new Float64Array(n);
  const failures = new Float64Array(n);
  const members = parts.map((ps, i) => {
    const f = ps.part.facts;
    const g = groupers[i] as Grouper;
    const { before, after, session, agent, rolledBack, fallback, flag } = f;
    const inScope = ps.sessions;
    const sel = ps.agent;
    const width = g.single ? 1 : g.multi.length;
    const rows = new Int32Array(Math.max(0, ps.hi - ps.lo) * width);
    const of = new Int32Array(rows.length);
    let m = 0;
    const add = (group: number, r: number) => {
      rows[m] = r;
      of[m++] = group;
      events[group] = (events[group] as number) + 1;
      tokens[group] = (tokens[group] as number) + saved(before[r] as number, after[r] as number);
      cost[group] = (cost[group] as number) + (f.cost[r] as number);
      if ((fallback[r] as number) >= 0) fallbacks[group] = (fallbacks[group] as number) + 1;
      const k = group * FLAG_COUNT + (flag[r] as number);
      flags[k] = (flags[k] as number) + 1;
    };
    for (let r = ps.lo; r < ps.hi; r++) {
      if (inScope[session[r] as number] !== 1 || (sel !== -1 && agent[r] !== sel) || rolledBack[r] !== 0) continue;
      if (g.single) {
        const group = g.single[r] as number;
        if (group >= 0) add(group, r);
      } else {
        for (const mc of g.multi) {
          const v = mc.col[r] as number;
          if (v >= 0) add(mc.codes[v] as number, r);
        }
      }
    }
    const t = ps.part.silent;
    for (let q = ps.silentLo; q < ps.silentHi; q++) {
      const group = g.silent[q] as number;
      if (group < 0 || !keepsSilent(ps, q)) continue;
      const target = t.kind[q] === 0 ? noops : failures;
      target[group] = (target[group] as number) + 1;
    }
    return { rows: rows.subarray(0, m), of: of.subarray(0, m) };
  });
  const start = new Int32Array(n + 1);
  for (let k = 0; k < n; k++) start[k + 1] = (start[k] as number) + (events[k] as number);
  // Pass 2: the values whose medians are asked, laid out per group.
  const total = start[n] as number;
  const savedValues = new Float64Array(total);
  const ratioValues = new Float64Array(total);
  const durationValues = new Float64Array(total);
  const fill = start.slice(0, n);
  parts.forEach((ps, i) => {
    const f = ps.part.facts;
    const { rows, of } = members[i] as (typeof members)[number];
    for (let k = 0; k < rows.length; k++) {
      const r = rows[k] as number;
      const group = of[k] as number;
      const before = f.before[r] as number;
      const after = f.after[r] as number;
      const at = fill[group] as number;
      savedValues[at] = saved(before, after);
      ratioValues[at] = before > 0 ? after / before : 1;
      durationValues[at] = f.duration[r] as number;
      fill[group] = at + 1;
    }
  });
  const median = (values: Float64Array, group: number): number => {
    const lo = start[group] as number;
    return percentilesOf(values, [50], lo, (start[group + 1] as number) - lo)[0] as number;
  };
  const rows: Schemas['BreakdownRow'][] = groups.values.map((key, group) => {
    const count = events[group] as number;
    return {
      key: key === NONE ? null : key,
      events: count,
      tokens_saved: tokens[group] as number,
      median_tokens_saved: median(savedValues, group),
      median_ratio: median(ratioValues, group),
      fallbacks: fallbacks[group] as number,
      fallback_rate: count === 0 ? 0 : (fallbacks[group] as number) / count,
      median_duration_ms: median(durationValues, group),
      cost_usd: round6(cost[group] as number),
      flags: flagMix(flags, group * FLAG_COUNT),
      noops: noops[group] as number,
      failures: failures[group] as number,
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
