import { Dict } from '../../../store/facts';
import type { History } from '../../../store/history';
import type { Schemas } from '../../../store/types';
import { FLAG_COUNT, flagMix, round6 } from './counts';
import { dayCells, forRange, projectRows, projectSpan, type DayCells } from './day-cells';
import { keepsSilent, rangeEcho, type PartScope, type Scope } from './scope';
import { historyGrouper, NONE, partGrouper, type Dimension, type Grouper } from './breakdown-groups';
import { DURATION, GroupSums, RATIO, rowBins, SAVED } from './breakdown-sums';

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
