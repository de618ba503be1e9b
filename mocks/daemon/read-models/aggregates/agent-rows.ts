import { SILENT_NOOP, type FactColumns, type SilentColumns } from '../../../store/facts';
import type { History } from '../../../store/history';
import { lowerBound } from '../../../store/row-order';
import type { PartScope } from './scope';
import { PACK } from './session-scope';
import type { Range } from './time';

// Each agent's rows of the sessions in scope, laid out for the spiral detector.

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
export function groupPart(range: Range, ps: PartScope, p: number): Grouped {
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
export function byAgent(grouped: Grouped[], places: [number, number][]): Map<string, AgentRows> {
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
