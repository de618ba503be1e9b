import { PLUGINS } from '../../../store/catalog';
import { Dict, KIND_ERROR, SILENT_FAILED } from '../../../store/facts';
import type { History } from '../../../store/history';
import type { Store } from '../../../store/store';
import type { Schemas } from '../../../store/types';
import { notFound } from '../../errors';
import { bump, FLAG_COUNT, flagMix, reasonKind, round6, saved, statCounts } from './counts';
import { maxOf, percentilesOf } from './quantile';
import { keepsFact, keepsSilent, rangeEcho, type PartScope, type Scope } from './scope';

/**
 * A plugin's page: where it is attached, what it did across sessions over time (events, flag
 * mix, hook timings and errors, fallbacks it caused, failures, cost), and the same figures per
 * version, for "did my change help?".
 */

const iso = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : null);

/** Values grouped by a small key (bucket, version): counts first, then laid out per key for percentiles. */
function segmented(keys: Int32Array, values: Float64Array, groups: number): { start: Int32Array; values: Float64Array } {
  const start = new Int32Array(groups + 1);
  for (let i = 0; i < keys.length; i++) start[(keys[i] as number) + 1] = (start[(keys[i] as number) + 1] as number) + 1;
  for (let g = 0; g < groups; g++) start[g + 1] = (start[g + 1] as number) + (start[g] as number);
  const fill = start.slice(0, groups);
  const out = new Float64Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const g = keys[i] as number;
    out[fill[g] as number] = values[i] as number;
    fill[g] = (fill[g] as number) + 1;
  }
  return { start, values: out };
}

function segmentPercentiles(seg: { start: Int32Array; values: Float64Array }, g: number, ps: number[]): number[] {
  const lo = seg.start[g] as number;
  return percentilesOf(seg.values, ps, lo, (seg.start[g + 1] as number) - lo);
}

/** Each plugin's history rows (where it fired), in time order: kept once per history, so a page reads only its plugin's rows. */
const firedIndex = new WeakMap<History, Map<string, Int32Array>>();

/** The rows of a part in the scope's time range where the plugin fired. */
function firedRows(ps: PartScope, name: string): Int32Array {
  const f = ps.part.facts;
  const col = f.pluginVersion[name];
  if (!col) return new Int32Array(0);
  const history = ps.part.history;
  if (!history) {
    const out: number[] = [];
    for (let r = ps.lo; r < ps.hi; r++) if ((col[r] as number) >= 0) out.push(r);
    return Int32Array.from(out);
  }
  let byPlugin = firedIndex.get(history);
  if (!byPlugin) {
    byPlugin = new Map();
    firedIndex.set(history, byPlugin);
  }
  let rows = byPlugin.get(name);
  if (!rows) {
    let n = 0;
    for (let r = 0; r < col.length; r++) if ((col[r] as number) >= 0) n++;
    rows = new Int32Array(n);
    for (let r = 0, k = 0; r < col.length; r++) if ((col[r] as number) >= 0) rows[k++] = r;
    byPlugin.set(name, rows);
  }
  // Rows are in time order, so the range's rows [lo, hi) are one run of the index.
  const bound = (row: number) => {
    let lo = 0;
    let hi = (rows as Int32Array).length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (((rows as Int32Array)[mid] as number) < row) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return rows.subarray(bound(ps.lo), bound(ps.hi));
}

export function pluginActivity(store: Store, name: string, scope: Scope, parts: PartScope[]): Schemas['PluginActivity'] {
  const manifest = PLUGINS.find((p) => p.name === name);
  if (!manifest) throw notFound('plugin', name);
  const { edges } = scope.range;
  const nb = edges.length - 1;
  const versions = new Dict();
  // Per kept event: its bucket, version (global), plugin milliseconds and ratio.
  const candidates = parts.map((ps) => firedRows(ps, name));
  const capacity = candidates.reduce((n, rows) => n + rows.length, 0);
  const bucketOfEvent = new Int32Array(capacity);
  const versionOfEvent = new Int32Array(capacity);
  const msOfEvent = new Float64Array(capacity);
  const ratioOfEvent = new Float64Array(capacity);
  let kept = 0;
  const series = { events: new Float64Array(nb), flags: new Float64Array(nb * FLAG_COUNT), hookErrors: new Float64Array(nb), failures: new Float64Array(nb), fallbacks: new Float64Array(nb) };
  const perVersion = new Map<number, { events: number; first: number; last: number; flags: Float64Array; fallbacks: number; failures: number; hookErrors: number; cost: number }>();
  const versionSums = (v: number) => {
    let x = perVersion.get(v);
    if (!x) {
      x = { events: 0, first: Number.POSITIVE_INFINITY, last: Number.NEGATIVE_INFINITY, flags: new Float64Array(FLAG_COUNT), fallbacks: 0, failures: 0, hookErrors: 0, cost: 0 };
      perVersion.set(v, x);
    }
    return x;
  };
  const totals = { events: 0, fallbacks: 0, failures: 0, hookErrors: 0, cost: 0, tokens: 0, flags: new Float64Array(FLAG_COUNT) };
  const hooks = new Map<string, { hook: Schemas['PluginHookTiming']['hook']; role: Schemas['PluginHookTiming']['role']; ms: Float64Array; count: number; errors: number }>();
  const fallbackReasons = new Map<string, number>();
  const failureReasons = new Map<string, number>();
  const agentEvents = new Map<string, { events: number; last: number }>();

  parts.forEach((ps, p) => {
    const f = ps.part.facts;
    const fired = candidates[p] as Int32Array;
    const col = f.pluginVersion[name];
    const slots = f.slots.flatMap((slot, i) => (slot.plugin === name ? [{ ...slot, kind: f.slotKind[i] as Uint8Array, ms: f.slotMs[i] as Float64Array }] : []));
    const entries = slots.map((slot) => {
      const key = `${slot.hook}\u0000${slot.role}`;
      let entry = hooks.get(key);
      if (!entry) {
        entry = { hook: slot.hook, role: slot.role, ms: new Float64Array(capacity), count: 0, errors: 0 };
        hooks.set(key, entry);
      }
      return entry;
    });
    const compactors = slots.filter((slot) => slot.role === 'compactor');
    const globalVersion = f.versions.map((v) => versions.id(v));
    const na = f.agents.length;
    const agentCounts = new Float64Array(ps.part.sessions.length * na);
    const agentLast = new Float64Array(ps.part.sessions.length * na);
    let b = 0;
    for (let k = 0; col && k < fired.length; k++) {
      const r = fired[k] as number;
      const v = col[r] as number;
      if (!keepsFact(ps, r)) continue;
      const at = f.at[r] as number;
      while ((edges[b + 1] as number) <= at) b++;
      const gv = globalVersion[v] as number;
      const sums = versionSums(gv);
      const before = f.before[r] as number;
      const after = f.after[r] as number;
      const flag = f.flag[r] as number;
      let ms = 0;
      let errored = false;
      for (let k = 0; k < slots.length; k++) {
        const slot = slots[k] as (typeof slots)[number];
        const kind = slot.kind[r] as number;
        if (kind === 0) continue;
        const d = slot.ms[r] as number;
        const entry = entries[k] as (typeof entries)[number];
        entry.ms[entry.count++] = d;
        ms += d;
        if (kind === KIND_ERROR) {
          entry.errors++;
          errored = true;
        }
      }
      let compacted = false;
      for (const c of compactors) if ((c.kind[r] as number) > 0) compacted = true;
      bucketOfEvent[kept] = b;
      versionOfEvent[kept] = gv;
      msOfEvent[kept] = ms;
      ratioOfEvent[kept] = before > 0 ? after / before : 1;
      kept++;
      totals.events++;
      series.events[b] = (series.events[b] as number) + 1;
      series.flags[b * FLAG_COUNT + flag] = (series.flags[b * FLAG_COUNT + flag] as number) + 1;
      totals.flags[flag] = (totals.flags[flag] as number) + 1;
      sums.flags[flag] = (sums.flags[flag] as number) + 1;
      sums.events++;
      sums.first = Math.min(sums.first, at);
      sums.last = Math.max(sums.last, at);
      if (errored) {
        totals.hookErrors++;
        sums.hookErrors++;
        series.hookErrors[b] = (series.hookErrors[b] as number) + 1;
      }
      if (compacted) {
        totals.cost += f.cost[r] as number;
        sums.cost += f.cost[r] as number;
        totals.tokens += saved(before, after);
        if ((f.fallback[r] as number) >= 0) {
          totals.fallbacks++;
          sums.fallbacks++;
          series.fallbacks[b] = (series.fallbacks[b] as number) + 1;
          bump(fallbackReasons, f.fallbackKinds[f.fallback[r] as number] as string);
        }
      }
      const ai = (f.session[r] as number) * na + (f.agent[r] as number);
      agentCounts[ai] = (agentCounts[ai] as number) + 1;
      agentLast[ai] = at;
    }
    agentCounts.forEach((n, ai) => {
      if (n === 0) return;
      const key = `${ps.part.sessions[Math.floor(ai / na)]?.id}\u0000${f.agents[ai % na]}`;
      const a = agentEvents.get(key) ?? { events: 0, last: Number.NEGATIVE_INFINITY };
      agentEvents.set(key, { events: a.events + n, last: Math.max(a.last, agentLast[ai] as number) });
    });
    const t = ps.part.silent;
    const pluginIdx = t.plugins.indexOf(name);
    b = 0;
    for (let r = ps.silentLo; pluginIdx >= 0 && r < ps.silentHi; r++) {
      if (t.plugin[r] !== pluginIdx || t.kind[r] !== SILENT_FAILED || !keepsSilent(ps, r)) continue;
      const at = t.at[r] as number;
      while ((edges[b + 1] as number) <= at) b++;
      totals.failures++;
      series.failures[b] = (series.failures[b] as number) + 1;
      bump(failureReasons, reasonKind(t.reasons[t.reason[r] as number] as string));
      const v = t.version[r] as number;
      if (v >= 0) versionSums(versions.id(t.versions[v] as string)).failures++;
    }
  });

  // Agents the plugin is attached to (declared in their plugin lists), busiest first.
  const attached = new Map<string, Schemas['PluginAgent']>();
  for (const ps of parts) {
    ps.part.sessions.forEach((s, i) => {
      if (!ps.sessions[i]) return;
      for (const path of agentsDeclaring(store, ps, i, name)) {
        if (ps.agent >= 0 && ps.part.facts.agents[ps.agent] !== path) continue;
        const key = `${s.id}\u0000${path}`;
        const a = agentEvents.get(key);
        attached.set(key, { session_id: s.id, project_id: s.project_id, title: s.title, agent_path: path, events: a?.events ?? 0, last_at: iso(a?.last ?? Number.NaN) });
      }
    });
  }
  const agents = [...attached.values()].sort((a, b) => b.events - a.events || (a.session_id < b.session_id ? -1 : a.session_id > b.session_id ? 1 : a.agent_path.localeCompare(b.agent_path)));

  const byBucket = segmented(bucketOfEvent.subarray(0, kept), msOfEvent.subarray(0, kept), nb);
  const nv = versions.values.length;
  const msByVersion = segmented(versionOfEvent.subarray(0, kept), msOfEvent.subarray(0, kept), nv);
  const ratioByVersion = segmented(versionOfEvent.subarray(0, kept), ratioOfEvent.subarray(0, kept), nv);
  const pcts = (values: Float64Array) => {
    const [p50, p95] = percentilesOf(values, [50, 95]);
    return { p50: p50 as number, p95: p95 as number, max: maxOf(values) };
  };
  return {
    plugin: manifest,
    scope: { project_id: scope.projectId, session_id: scope.sessionId, agent_path: scope.agentPath, ...rangeEcho(scope.range) },
    totals: { events: totals.events, fallbacks_caused: totals.fallbacks, failures: totals.failures, hook_errors: totals.hookErrors, cost_usd: round6(totals.cost), tokens_saved: totals.tokens, flags: flagMix(totals.flags) },
    agents: { total: agents.length, items: agents.slice(0, 50) },
    series: Array.from({ length: nb }, (_, i) => {
      const [p50, p95] = segmentPercentiles(byBucket, i, [50, 95]);
      return {
        start: new Date(edges[i] as number).toISOString(),
        end: new Date(edges[i + 1] as number).toISOString(),
        events: series.events[i] as number,
        flags: flagMix(series.flags, i * FLAG_COUNT),
        hook_errors: series.hookErrors[i] as number,
        failures: series.failures[i] as number,
        fallbacks: series.fallbacks[i] as number,
        p50_ms: p50 as number,
        p95_ms: p95 as number,
      };
    }),
    hook_timings: [...hooks.values()]
      .filter((h) => h.count > 0)
      .map((h) => {
        const { p50, p95, max } = pcts(h.ms.subarray(0, h.count));
        return { hook: h.hook, role: h.role, count: h.count, p50_ms: p50, p95_ms: p95, max_ms: max, errors: h.errors };
      })
      .sort((a, b) => a.hook.localeCompare(b.hook) || a.role.localeCompare(b.role)),
    fallback_reasons: statCounts(fallbackReasons),
    failure_reasons: statCounts(failureReasons),
    versions: [...perVersion]
      .map(([v, x]) => {
        const [p50, p95] = segmentPercentiles(msByVersion, v, [50, 95]);
        return {
          version: versions.values[v] as string,
          events: x.events,
          first_at: iso(x.first),
          last_at: iso(x.last),
          flags: flagMix(x.flags),
          median_ratio: segmentPercentiles(ratioByVersion, v, [50])[0] as number,
          fallbacks: x.fallbacks,
          fallback_rate: x.events === 0 ? 0 : x.fallbacks / x.events,
          failures: x.failures,
          hook_errors: x.hookErrors,
          hook_error_rate: x.events === 0 ? 0 : x.hookErrors / x.events,
          p50_ms: p50 as number,
          p95_ms: p95 as number,
          cost_usd: round6(x.cost),
        };
      })
      .sort((a, b) => compareVersions(a.version, b.version)),
  };
}

/** Numeric-aware version order (0.4.10 after 0.4.9). */
export function compareVersions(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** The agent paths of a session whose plugin list declares the plugin. */
function agentsDeclaring(store: Store, ps: PartScope, index: number, plugin: string): string[] {
  const part = ps.part;
  const id = part.sessions[index]?.id as string;
  if (part.kind === 'live') return (store.sessions.get(id)?.agents ?? []).filter((a) => a.plugins.includes(plugin)).map((a) => a.agent_path);
  if (store.sessions.has(id)) return [];
  return (part.history?.sessions[index]?.agents ?? []).filter((a) => a.plugins.includes(plugin)).map((a) => a.path);
}
