import { SILENT_NOOP, type FactColumns } from '../../../store/facts';
import type { History } from '../../../store/history';
import type { Schemas } from '../../../store/types';
import { round6, saved } from './counts';
import { keepsFact, keepsSilent, rangeEcho, type PartScope, type Scope } from './scope';
import { dayCells, forRange, type DayCells } from './day-cells';
import { isoOrNull, sessionsInScope, type SessionEntry } from './session-scope';

/** The top sessions by compaction cost and by count. */

interface SessionSums {
  events: Float64Array;
  cost: Float64Array;
  tokens: Float64Array;
  fallbacks: Float64Array;
  noops: Float64Array;
  failures: Float64Array;
  last: Float64Array;
}

function sessionSums(n: number): SessionSums {
  return { events: new Float64Array(n), cost: new Float64Array(n), tokens: new Float64Array(n), fallbacks: new Float64Array(n), noops: new Float64Array(n), failures: new Float64Array(n), last: new Float64Array(n).fill(Number.NEGATIVE_INFINITY) };
}

function addSessionRow(out: SessionSums, f: FactColumns, r: number): void {
  const s = f.session[r] as number;
  out.events[s] = (out.events[s] as number) + 1;
  out.cost[s] = (out.cost[s] as number) + (f.cost[r] as number);
  out.tokens[s] = (out.tokens[s] as number) + saved(f.before[r] as number, f.after[r] as number);
  if ((f.fallback[r] as number) >= 0) out.fallbacks[s] = (out.fallbacks[s] as number) + 1;
  if ((f.at[r] as number) > (out.last[s] as number)) out.last[s] = f.at[r] as number;
}

function addSessionSums(out: SessionSums, cell: SessionSums): void {
  for (let s = 0; s < out.events.length; s++) {
    if (cell.events[s] === 0) continue;
    out.events[s] = (out.events[s] as number) + (cell.events[s] as number);
    out.cost[s] = (out.cost[s] as number) + (cell.cost[s] as number);
    out.tokens[s] = (out.tokens[s] as number) + (cell.tokens[s] as number);
    out.fallbacks[s] = (out.fallbacks[s] as number) + (cell.fallbacks[s] as number);
    if ((cell.last[s] as number) > (out.last[s] as number)) out.last[s] = cell.last[s] as number;
  }
}

/** The history's per-day sums per session (built on first use; attachHistory builds them). */
export function topSessionCells(history: History): DayCells<SessionSums> {
  const f = history.facts;
  return dayCells(
    history,
    'top-sessions',
    () => sessionSums(history.sessions.length),
    (cell, lo, hi) => {
      for (let r = lo; r < hi; r++) if (f.rolledBack[r] === 0) addSessionRow(cell, f, r);
    },
  );
}

/**
 * The sessions that cost the most in compaction, and those that compacted most often. The
 * history's sums per session come from its per-day cells (day-cells.ts) plus the rows at the
 * range's edges, whatever the project (sessions out of scope are left out when the rows are
 * made); a session or agent scope, and the live part, are read row by row.
 */
export function topSessions(scope: Scope, parts: PartScope[], limit: number): Schemas['TopSessions'] {
  const sums = parts.map((ps) => {
    const out = sessionSums(ps.part.sessions.length);
    const f = ps.part.facts;
    const scan = (lo: number, hi: number) => {
      for (let r = lo; r < hi; r++) if (keepsFact(ps, r)) addSessionRow(out, f, r);
    };
    const history = ps.part.history;
    if (!history || scope.sessionId !== null || scope.agentPath !== null) {
      scan(ps.lo, ps.hi);
    } else {
      forRange(history, topSessionCells(history), scope.range.from, scope.range.to, (cell) => addSessionSums(out, cell), scan);
    }
    const t = ps.part.silent;
    for (let r = ps.silentLo; r < ps.silentHi; r++) {
      if (!keepsSilent(ps, r)) continue;
      const s = t.session[r] as number;
      const target = t.kind[r] === SILENT_NOOP ? out.noops : out.failures;
      target[s] = (target[s] as number) + 1;
      out.last[s] = Math.max(out.last[s] as number, t.at[r] as number);
    }
    return out;
  });
  // Totals per session in scope; row objects only for the ones answered.
  const entries = [...sessionsInScope(parts).values()];
  const n = entries.length;
  const tot = { events: new Float64Array(n), cost: new Float64Array(n), tokens: new Float64Array(n), fallbacks: new Float64Array(n), noops: new Float64Array(n), failures: new Float64Array(n), last: new Float64Array(n) };
  const kept: number[] = [];
  entries.forEach(({ places }, e) => {
    let last = Number.NEGATIVE_INFINITY;
    let cost = 0;
    for (const [p, i] of places) {
      const x = sums[p] as SessionSums;
      tot.events[e] = (tot.events[e] as number) + (x.events[i] as number);
      cost += x.cost[i] as number;
      tot.tokens[e] = (tot.tokens[e] as number) + (x.tokens[i] as number);
      tot.fallbacks[e] = (tot.fallbacks[e] as number) + (x.fallbacks[i] as number);
      tot.noops[e] = (tot.noops[e] as number) + (x.noops[i] as number);
      tot.failures[e] = (tot.failures[e] as number) + (x.failures[i] as number);
      last = Math.max(last, x.last[i] as number);
    }
    tot.cost[e] = round6(cost);
    tot.last[e] = last;
    if ((tot.events[e] as number) + (tot.noops[e] as number) + (tot.failures[e] as number) > 0) kept.push(e);
  });
  const idOf = (e: number) => (entries[e] as SessionEntry).meta.session_id;
  const byId = (a: number, b: number) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0);
  const row = (e: number): Schemas['TopSession'] => ({
    ...(entries[e] as SessionEntry).meta,
    events: tot.events[e] as number,
    compactor_usd: tot.cost[e] as number,
    tokens_saved: tot.tokens[e] as number,
    fallbacks: tot.fallbacks[e] as number,
    noops: tot.noops[e] as number,
    failures: tot.failures[e] as number,
    last_at: isoOrNull(tot.last[e] as number),
  });
  return {
    scope: { project_id: scope.projectId, session_id: scope.sessionId, agent_path: scope.agentPath, ...rangeEcho(scope.range) },
    by_cost: [...kept].sort((a, b) => (tot.cost[b] as number) - (tot.cost[a] as number) || byId(a, b)).slice(0, limit).map(row),
    by_count: [...kept].sort((a, b) => (tot.events[b] as number) - (tot.events[a] as number) || byId(a, b)).slice(0, limit).map(row),
  };
}
