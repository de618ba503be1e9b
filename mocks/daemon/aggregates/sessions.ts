import { lowerBound, SILENT_NOOP, type FactColumns, type SilentColumns } from '../../store/facts';
import type { History } from '../../store/history';
import type { Schemas } from '../../store/types';
import { DaemonError } from '../errors';
import { round6, saved } from './counts';
import { keepsFact, keepsSilent, rangeEcho, type PartScope, type Scope } from './scope';
import { dayCells, forRange, type DayCells } from './day-cells';
import { recordId } from './tables';
import type { Range } from './time';
import { TRIGGERS } from '../../../src/domain/contract/enums.gen';

/**
 * Per-session aggregates: the top sessions by compaction cost and count, and spiral detection.
 * Sessions are keyed by id, so a session with rows in both parts (a history session that became
 * a stored one) is one session.
 */

const iso = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : null);

/** Rows of many parts in one number: part index × 2^22 + row. */
const PACK = 4_194_304;

interface SessionEntry {
  meta: { session_id: string; project_id: string; title: string; status: Schemas['SessionStatus'] };
  /** [part index, session index] pairs (two when a history session became a stored one). */
  places: [number, number][];
}

/** Every session in scope by id, with where its rows are. */
function sessionsInScope(parts: PartScope[]): Map<string, SessionEntry> {
  const out = new Map<string, SessionEntry>();
  parts.forEach((ps, p) => {
    ps.part.sessions.forEach((s, i) => {
      if (!ps.sessions[i]) return;
      const entry = out.get(s.id);
      if (entry) entry.places.push([p, i]);
      else out.set(s.id, { meta: { session_id: s.id, project_id: s.project_id, title: s.title, status: s.status }, places: [[p, i]] });
    });
  });
  return out;
}

/** Per session of a part: what top sessions adds up (merges by addition; `last` by max). */
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
    last_at: iso(tot.last[e] as number),
  });
  return {
    scope: { project_id: scope.projectId, session_id: scope.sessionId, agent_path: scope.agentPath, ...rangeEcho(scope.range) },
    by_cost: [...kept].sort((a, b) => (tot.cost[b] as number) - (tot.cost[a] as number) || byId(a, b)).slice(0, limit).map(row),
    by_count: [...kept].sort((a, b) => (tot.events[b] as number) - (tot.events[a] as number) || byId(a, b)).slice(0, limit).map(row),
  };
}

export type SpiralParameters = Schemas['SpiralParameters'];
export const SPIRAL_DEFAULTS: SpiralParameters = { burst_count: 5, burst_minutes: 10, min_ratio: 0.95, min_ineffective: 3, min_noops: 3 };

function numberParam(params: URLSearchParams, name: keyof SpiralParameters, check: (n: number) => boolean, rule: string): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return SPIRAL_DEFAULTS[name];
  const n = Number(raw);
  if (!Number.isFinite(n) || !check(n)) throw new DaemonError(400, 'invalid_request', `${name} must be ${rule}`, { field: name });
  return n;
}

export function parseSpiralParameters(params: URLSearchParams): SpiralParameters {
  const whole = (min: number) => (n: number) => Number.isInteger(n) && n >= min;
  return {
    burst_count: numberParam(params, 'burst_count', whole(2), 'a whole number ≥ 2'),
    burst_minutes: numberParam(params, 'burst_minutes', (n) => n > 0, 'a number of minutes > 0'),
    min_ratio: numberParam(params, 'min_ratio', (n) => n >= 0 && n <= 1, 'between 0 and 1'),
    min_ineffective: numberParam(params, 'min_ineffective', whole(1), 'a whole number ≥ 1'),
    min_noops: numberParam(params, 'min_noops', whole(1), 'a whole number ≥ 1'),
  };
}

const RETRY = TRIGGERS.indexOf('provider_overflow_retry');
type Reason = Schemas['SpiralReason'];

/** One agent's records and silent rows in scope, in time order. */
export interface AgentRows {
  at: Float64Array;
  before: Float64Array;
  after: Float64Array;
  window: Float64Array;
  trigger: Uint8Array;
  /** Packed (part, row) of each record, to name it. */
  hit: Float64Array;
  silentAt: Float64Array;
  silentNoop: Uint8Array;
  silentTrigger: Uint8Array;
}

/**
 * A part's rows in scope laid out by (session, agent), each group in time order: two sequential
 * passes over the time-ordered columns (count, then place). Reading each session's rows where
 * they lie instead jumps all over the columns, and at 1,000,000 rows that costs more than the work.
 */
interface Grouped {
  /** Agents per session in the key (session × agents + agent); silent rows share the facts' agent dictionary. */
  agents: readonly string[];
  /** Group key's rows: rows[start[key] .. end[key]), silent[silentStart[key] .. silentEnd[key]). */
  start: Int32Array;
  end: Int32Array;
  rows: Omit<AgentRows, 'silentAt' | 'silentNoop' | 'silentTrigger'>;
  silentStart: Int32Array;
  silentEnd: Int32Array;
  silent: Pick<AgentRows, 'silentAt' | 'silentNoop' | 'silentTrigger'>;
  /** Added to rows.hit to pack (part, row): 0 when the hits are packed already. */
  pack: number;
}

function prefixSums(counts: Int32Array): void {
  for (let k = 1; k < counts.length; k++) counts[k] = (counts[k] as number) + (counts[k - 1] as number);
}

/** Which rows groupRowsOf lays out: of the sessions in the mask, one agent (-1: any), record rows [lo, hi) and silent rows [silentLo, silentHi). */
type RowScope = Pick<PartScope, 'sessions' | 'agent' | 'lo' | 'hi' | 'silentLo' | 'silentHi'>;

function groupRowsOf(f: FactColumns, t: SilentColumns, rs: RowScope, p: number): Grouped {
  const { lo, hi, silentLo, silentHi, sessions: inScope, agent: sel } = rs;
  const agents = f.agents.length >= t.agents.length ? f.agents : t.agents;
  const nA = Math.max(1, agents.length);
  const nG = inScope.length * nA;
  const start = new Int32Array(nG + 1);
  const keys = new Int32Array(Math.max(0, hi - lo));
  for (let r = lo; r < hi; r++) {
    const s = f.session[r] as number;
    if (inScope[s] !== 1 || (sel !== -1 && f.agent[r] !== sel) || f.rolledBack[r] !== 0) {
      keys[r - lo] = -1;
      continue;
    }
    const key = s * nA + (f.agent[r] as number);
    keys[r - lo] = key;
    start[key + 1] = (start[key + 1] as number) + 1;
  }
  prefixSums(start);
  const n = start[nG] as number;
  const rows = { at: new Float64Array(n), before: new Float64Array(n), after: new Float64Array(n), window: new Float64Array(n), trigger: new Uint8Array(n), hit: new Float64Array(n) };
  const fill = start.slice(0, nG);
  for (let r = lo; r < hi; r++) {
    const key = keys[r - lo] as number;
    if (key < 0) continue;
    const at = fill[key] as number;
    fill[key] = at + 1;
    rows.at[at] = f.at[r] as number;
    rows.before[at] = f.before[r] as number;
    rows.after[at] = f.after[r] as number;
    rows.window[at] = f.window[r] as number;
    rows.trigger[at] = f.trigger[r] as number;
    rows.hit[at] = p * PACK + r;
  }
  const silentStart = new Int32Array(nG + 1);
  const silentKeys = new Int32Array(Math.max(0, silentHi - silentLo));
  for (let r = silentLo; r < silentHi; r++) {
    const keep = inScope[t.session[r] as number] === 1 && (sel === -1 || t.agent[r] === sel);
    const key = keep ? (t.session[r] as number) * nA + (t.agent[r] as number) : -1;
    silentKeys[r - silentLo] = key;
    if (keep) silentStart[key + 1] = (silentStart[key + 1] as number) + 1;
  }
  prefixSums(silentStart);
  const m = silentStart[nG] as number;
  const silent = { silentAt: new Float64Array(m), silentNoop: new Uint8Array(m), silentTrigger: new Uint8Array(m) };
  const silentFill = silentStart.slice(0, nG);
  for (let r = silentLo; r < silentHi; r++) {
    const key = silentKeys[r - silentLo] as number;
    if (key < 0) continue;
    const at = silentFill[key] as number;
    silentFill[key] = at + 1;
    silent.silentAt[at] = t.at[r] as number;
    silent.silentNoop[at] = t.kind[r] === SILENT_NOOP ? 1 : 0;
    silent.silentTrigger[at] = t.trigger[r] as number;
  }
  return { agents, start: start.subarray(0, nG), end: start.subarray(1), rows, silentStart: silentStart.subarray(0, nG), silentEnd: silentStart.subarray(1), silent, pack: 0 };
}

/**
 * The generated history laid out by (session, agent) once, every row that is not rolled back
 * (laid out again only when a rollback changes that): a query takes each group's rows in its
 * range by binary search instead of two passes over 1,000,000 rows.
 */
function same(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const layouts = new WeakMap<History, { rolledBack: Uint8Array; grouped: Grouped }>();

/** The history's layout (built when it is attached, see attachHistory; again after a rollback). Its hits are bare rows. */
export function historyLayout(history: History): Grouped {
  const f = history.facts;
  const hit = layouts.get(history);
  if (hit && same(hit.rolledBack, f.rolledBack)) return hit.grouped;
  const all: RowScope = { sessions: new Uint8Array(history.sessions.length).fill(1), agent: -1, lo: 0, hi: f.length, silentLo: 0, silentHi: history.silent.length };
  const grouped = groupRowsOf(f, history.silent, all, 0);
  layouts.set(history, { rolledBack: f.rolledBack.slice(), grouped });
  return grouped;
}

/** The part's rows in scope by (session, agent). */
function groupPart(range: Range, ps: PartScope, p: number): Grouped {
  const history = ps.part.history;
  if (!history) return groupRowsOf(ps.part.facts, ps.part.silent, ps, p);
  const full = historyLayout(history);
  const nA = Math.max(1, full.agents.length);
  const nG = full.start.length;
  const [start, end, silentStart, silentEnd] = [0, 1, 2, 3].map(() => new Int32Array(nG)) as [Int32Array, Int32Array, Int32Array, Int32Array];
  for (let s = 0; s < ps.part.sessions.length; s++) {
    if (ps.sessions[s] !== 1) continue;
    for (let a = 0; a < nA; a++) {
      if (ps.agent !== -1 && a !== ps.agent) continue;
      const key = s * nA + a;
      start[key] = lowerBound(full.rows.at, range.from, full.start[key], full.end[key]);
      end[key] = lowerBound(full.rows.at, range.to, start[key], full.end[key]);
      silentStart[key] = lowerBound(full.silent.silentAt, range.from, full.silentStart[key], full.silentEnd[key]);
      silentEnd[key] = lowerBound(full.silent.silentAt, range.to, silentStart[key], full.silentEnd[key]);
    }
  }
  return { ...full, start, end, silentStart, silentEnd, pack: p * PACK };
}

/** One group's rows as views (no copy). */
function groupRows(g: Grouped, key: number): AgentRows {
  const [a, b, c, d] = [g.start[key] as number, g.end[key] as number, g.silentStart[key] as number, g.silentEnd[key] as number];
  return {
    at: g.rows.at.subarray(a, b),
    before: g.rows.before.subarray(a, b),
    after: g.rows.after.subarray(a, b),
    window: g.rows.window.subarray(a, b),
    trigger: g.rows.trigger.subarray(a, b),
    hit: g.pack === 0 ? g.rows.hit.subarray(a, b) : g.rows.hit.subarray(a, b).map((h) => h + g.pack),
    silentAt: g.silent.silentAt.subarray(c, d),
    silentNoop: g.silent.silentNoop.subarray(c, d),
    silentTrigger: g.silent.silentTrigger.subarray(c, d),
  };
}

/** Two parts' rows of one agent joined in time order (a history session that became a stored one). */
function joinRows(a: AgentRows, b: AgentRows): AgentRows {
  const order = (x: Float64Array, y: Float64Array) => Array.from({ length: x.length + y.length }, (_, i) => i).sort((i, j) => (i < x.length ? (x[i] as number) : (y[i - x.length] as number)) - (j < x.length ? (x[j] as number) : (y[j - x.length] as number)) || i - j);
  const facts = order(a.at, b.at);
  const silent = order(a.silentAt, b.silentAt);
  const pick = <T extends Float64Array | Uint8Array>(x: T, y: T, idx: number[], make: (n: number) => T): T => {
    const out = make(idx.length);
    idx.forEach((i, k) => (out[k] = i < x.length ? (x[i] as number) : (y[i - x.length] as number)));
    return out;
  };
  const f64 = (n: number) => new Float64Array(n);
  const u8 = (n: number) => new Uint8Array(n);
  return {
    at: pick(a.at, b.at, facts, f64),
    before: pick(a.before, b.before, facts, f64),
    after: pick(a.after, b.after, facts, f64),
    window: pick(a.window, b.window, facts, f64),
    trigger: pick(a.trigger, b.trigger, facts, u8),
    hit: pick(a.hit, b.hit, facts, f64),
    silentAt: pick(a.silentAt, b.silentAt, silent, f64),
    silentNoop: pick(a.silentNoop, b.silentNoop, silent, u8),
    silentTrigger: pick(a.silentTrigger, b.silentTrigger, silent, u8),
  };
}

/** Records and silent rows per agent path of one session (merged in time order when the session spans two parts). */
function byAgent(grouped: Grouped[], places: [number, number][]): Map<string, AgentRows> {
  const agents = new Map<string, AgentRows>();
  for (const [p, s] of places) {
    const g = grouped[p] as Grouped;
    const nA = Math.max(1, g.agents.length);
    for (let a = 0; a < g.agents.length; a++) {
      const key = s * nA + a;
      if (g.end[key] === g.start[key] && g.silentEnd[key] === g.silentStart[key]) continue;
      const path = g.agents[a] as string;
      const rows = groupRows(g, key);
      const earlier = agents.get(path);
      agents.set(path, earlier ? joinRows(earlier, rows) : rows);
    }
  }
  return agents;
}

const idOf = (parts: PartScope[], hit: number) => recordId((parts[Math.floor(hit / PACK)] as PartScope).part, hit % PACK);

/** One agent's spiral reasons under the parameters. */
export function agentReasons(parts: PartScope[], path: string, rows: AgentRows, p: SpiralParameters): Reason[] {
  const reasons: Reason[] = [];
  const span = p.burst_minutes * 60_000;
  const { at } = rows;
  const n = at.length;
  // Most compactions within any window of M minutes (two pointers over the time-ordered records).
  let best = 0;
  let bestFrom = 0;
  for (let i = 0, j = 0; j < n; j++) {
    while ((at[j] as number) - (at[i] as number) > span) i++;
    if (j - i + 1 > best) {
      best = j - i + 1;
      bestFrom = i;
    }
  }
  if (best >= p.burst_count) {
    reasons.push({
      kind: 'burst',
      agent_path: path,
      count: best,
      first_at: iso(at[bestFrom] as number),
      last_at: iso(at[bestFrom + best - 1] as number),
      compaction_id: idOf(parts, rows.hit[bestFrom] as number),
      detail: `${best} compactions of ${path} within ${p.burst_minutes} minutes (flagged from ${p.burst_count})`,
    });
  }
  // Ineffective: the longest run of this agent's compactions in a row that each kept at least min_ratio of the tokens.
  let run = 0;
  let ineffective = 0;
  let firstIneffective = -1;
  let retries = 0;
  let firstRetry = -1;
  let retryFrom = Number.POSITIVE_INFINITY;
  let retryTo = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    run = (rows.after[i] as number) >= p.min_ratio * (rows.before[i] as number) ? run + 1 : 0;
    if (run > ineffective) {
      ineffective = run;
      firstIneffective = i - run + 1;
    }
    if (rows.trigger[i] === RETRY && (rows.after[i] as number) > (rows.window[i] as number)) {
      retries++;
      if (firstRetry < 0) firstRetry = i;
      retryFrom = Math.min(retryFrom, at[i] as number);
      retryTo = Math.max(retryTo, at[i] as number);
    }
  }
  if (ineffective >= p.min_ineffective) {
    reasons.push({
      kind: 'ineffective',
      agent_path: path,
      count: ineffective,
      first_at: iso(at[firstIneffective] as number),
      last_at: iso(at[firstIneffective + ineffective - 1] as number),
      compaction_id: idOf(parts, rows.hit[firstIneffective] as number),
      detail: `${ineffective} compactions of ${path} in a row left at least ${Math.round(p.min_ratio * 100)}% of the tokens they started with (flagged from ${p.min_ineffective} in a row)`,
    });
  }
  // Repeated no-ops: the longest run of no-ops in a row among the agent's attempts (a recorded
  // compaction or a failure in between ends a run; at one instant, records come first).
  let noopRun = 0;
  let noops = 0;
  let noopFrom = Number.NaN;
  let noopTo = Number.NaN;
  let runFrom = Number.NaN;
  const { silentAt } = rows;
  for (let i = 0, j = 0; j < silentAt.length; j++) {
    const t = silentAt[j] as number;
    for (; i < n && (at[i] as number) <= t; i++) noopRun = 0;
    if (rows.silentNoop[j]) {
      if (noopRun === 0) runFrom = t;
      noopRun++;
      if (noopRun > noops) {
        noops = noopRun;
        noopFrom = runFrom;
        noopTo = t;
      }
    } else {
      noopRun = 0;
    }
    if (rows.silentTrigger[j] === RETRY) {
      retries++;
      retryFrom = Math.min(retryFrom, t);
      retryTo = Math.max(retryTo, t);
    }
  }
  if (noops >= p.min_noops) {
    reasons.push({ kind: 'repeated_noops', agent_path: path, count: noops, first_at: iso(noopFrom), last_at: iso(noopTo), compaction_id: null, detail: `${noops} no-ops in a row: the strategy of ${path} found nothing it could compact (flagged from ${p.min_noops} in a row)` });
  }
  if (retries > 0) {
    reasons.push({
      kind: 'retry_overflow',
      agent_path: path,
      count: retries,
      first_at: iso(retryFrom),
      last_at: iso(retryTo),
      compaction_id: firstRetry < 0 ? null : idOf(parts, rows.hit[firstRetry] as number),
      detail: `${retries} reactive retries of ${path} still overflowed the context window`,
    });
  }
  return reasons;
}

const KIND_ORDER: Schemas['SpiralReasonKind'][] = ['stuck_overflow', 'burst', 'retry_overflow', 'ineffective', 'repeated_noops'];

/** Sessions where compaction repeats and achieves little, with reasons; most severe first. */
export function spirals(scope: Scope, parts: PartScope[], p: SpiralParameters, limit: number): Schemas['SpiralReport'] {
  const items: (Schemas['SpiralSession'] & { severity: number[] })[] = [];
  const grouped = parts.map((ps, i) => groupPart(scope.range, ps, i));
  for (const { meta, places } of sessionsInScope(parts).values()) {
    const reasons: Reason[] = [];
    if (meta.status === 'context_overflow') {
      reasons.push({ kind: 'stuck_overflow', agent_path: null, count: 1, first_at: null, last_at: null, compaction_id: null, detail: 'stuck in context_overflow: the run failed on context length and waits for an operator' });
    }
    let events = 0;
    let last = Number.NEGATIVE_INFINITY;
    for (const [path, rows] of byAgent(grouped, places)) {
      reasons.push(...agentReasons(parts, path, rows, p));
      events += rows.at.length;
      if (rows.at.length > 0) last = Math.max(last, rows.at[rows.at.length - 1] as number);
      if (rows.silentAt.length > 0) last = Math.max(last, rows.silentAt[rows.silentAt.length - 1] as number);
    }
    if (reasons.length === 0) continue;
    reasons.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || b.count - a.count);
    const kinds = new Set(reasons.map((r) => r.kind)).size;
    const burst = reasons.find((r) => r.kind === 'burst')?.count ?? 0;
    items.push({ ...meta, events, last_at: iso(last), reasons, severity: [kinds, burst, reasons.reduce((n, r) => n + r.count, 0)] });
  }
  items.sort((a, b) => {
    for (let i = 0; i < a.severity.length; i++) {
      const d = (b.severity[i] as number) - (a.severity[i] as number);
      if (d !== 0) return d;
    }
    return a.session_id < b.session_id ? -1 : a.session_id > b.session_id ? 1 : 0;
  });
  return {
    scope: { project_id: scope.projectId, session_id: scope.sessionId, agent_path: scope.agentPath, ...rangeEcho(scope.range) },
    parameters: p,
    defaults: SPIRAL_DEFAULTS,
    total: items.length,
    items: items.slice(0, limit).map(({ severity: _severity, ...item }) => item),
  };
}
