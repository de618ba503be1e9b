import { SILENT_NOOP, TRIGGERS } from '../../store/facts';
import type { Schemas } from '../../store/types';
import { DaemonError } from '../errors';
import { round6, saved } from './health';
import { keepsFact, keepsSilent, rangeEcho, type PartScope, type Scope } from './scope';
import { recordId, type Part } from './tables';

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

/** The sessions that cost the most in compaction, and those that compacted most often. */
export function topSessions(scope: Scope, parts: PartScope[], limit: number): Schemas['TopSessions'] {
  // Sums per part and session index, in one pass over the rows in range.
  const sums = parts.map((ps) => {
    const n = ps.part.sessions.length;
    const out = { events: new Float64Array(n), cost: new Float64Array(n), tokens: new Float64Array(n), fallbacks: new Float64Array(n), noops: new Float64Array(n), failures: new Float64Array(n), last: new Float64Array(n).fill(Number.NEGATIVE_INFINITY) };
    const f = ps.part.facts;
    for (let r = ps.lo; r < ps.hi; r++) {
      if (!keepsFact(ps, r)) continue;
      const s = f.session[r] as number;
      out.events[s] = (out.events[s] as number) + 1;
      out.cost[s] = (out.cost[s] as number) + (f.cost[r] as number);
      out.tokens[s] = (out.tokens[s] as number) + saved(f.before[r] as number, f.after[r] as number);
      if ((f.fallback[r] as number) >= 0) out.fallbacks[s] = (out.fallbacks[s] as number) + 1;
      out.last[s] = f.at[r] as number;
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
  const rows: Schemas['TopSession'][] = [];
  for (const { meta, places } of sessionsInScope(parts).values()) {
    const row = { ...meta, events: 0, compactor_usd: 0, tokens_saved: 0, fallbacks: 0, noops: 0, failures: 0, last_at: null as string | null };
    let last = Number.NEGATIVE_INFINITY;
    for (const [p, i] of places) {
      const x = sums[p] as (typeof sums)[number];
      row.events += x.events[i] as number;
      row.compactor_usd += x.cost[i] as number;
      row.tokens_saved += x.tokens[i] as number;
      row.fallbacks += x.fallbacks[i] as number;
      row.noops += x.noops[i] as number;
      row.failures += x.failures[i] as number;
      last = Math.max(last, x.last[i] as number);
    }
    if (row.events + row.noops + row.failures === 0) continue;
    rows.push({ ...row, compactor_usd: round6(row.compactor_usd), last_at: iso(last) });
  }
  const byId = (a: Schemas['TopSession'], b: Schemas['TopSession']) => (a.session_id < b.session_id ? -1 : a.session_id > b.session_id ? 1 : 0);
  return {
    scope: { project_id: scope.projectId, session_id: scope.sessionId, agent_path: scope.agentPath, ...rangeEcho(scope.range) },
    by_cost: [...rows].sort((a, b) => b.compactor_usd - a.compactor_usd || byId(a, b)).slice(0, limit),
    by_count: [...rows].sort((a, b) => b.events - a.events || byId(a, b)).slice(0, limit),
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

/** One agent's records and silent rows in scope, as packed hits, each list in time order. */
export interface AgentRows {
  facts: number[];
  silent: number[];
}

/** Records and silent rows per agent path of one session (merged in time order when the session spans two parts). */
function byAgent(parts: PartScope[], places: [number, number][]): Map<string, AgentRows> {
  const agents = new Map<string, AgentRows>();
  const get = (path: string) => {
    let a = agents.get(path);
    if (!a) {
      a = { facts: [], silent: [] };
      agents.set(path, a);
    }
    return a;
  };
  for (const [p, s] of places) {
    const ps = parts[p] as PartScope;
    const { part } = ps;
    for (let k = part.factStart[s] as number; k < (part.factStart[s + 1] as number); k++) {
      const r = part.factsBySession[k] as number;
      if (r >= ps.lo && r < ps.hi && keepsFact(ps, r)) get(part.facts.agents[part.facts.agent[r] as number] as string).facts.push(p * PACK + r);
    }
    for (let k = part.silentStart[s] as number; k < (part.silentStart[s + 1] as number); k++) {
      const r = part.silentBySession[k] as number;
      if (r >= ps.silentLo && r < ps.silentHi && keepsSilent(ps, r)) get(part.silent.agents[part.silent.agent[r] as number] as string).silent.push(p * PACK + r);
    }
  }
  if (places.length > 1) {
    for (const a of agents.values()) {
      a.facts.sort((x, y) => factAt(parts, x) - factAt(parts, y));
      a.silent.sort((x, y) => silentAt(parts, x) - silentAt(parts, y));
    }
  }
  return agents;
}

const partOf = (parts: PartScope[], hit: number): Part => (parts[Math.floor(hit / PACK)] as PartScope).part;
const factAt = (parts: PartScope[], hit: number) => partOf(parts, hit).facts.at[hit % PACK] as number;
const silentAt = (parts: PartScope[], hit: number) => partOf(parts, hit).silent.at[hit % PACK] as number;
const idOf = (parts: PartScope[], hit: number) => recordId(partOf(parts, hit), hit % PACK);

/** One agent's spiral reasons under the parameters. */
export function agentReasons(parts: PartScope[], path: string, rows: AgentRows, p: SpiralParameters): Reason[] {
  const reasons: Reason[] = [];
  const span = p.burst_minutes * 60_000;
  const facts = rows.facts;
  // Most compactions within any window of M minutes (two pointers over the time-ordered records).
  let best = 0;
  let bestFrom = 0;
  for (let i = 0, j = 0; j < facts.length; j++) {
    const tj = factAt(parts, facts[j] as number);
    while (tj - factAt(parts, facts[i] as number) > span) i++;
    if (j - i + 1 > best) {
      best = j - i + 1;
      bestFrom = i;
    }
  }
  if (best >= p.burst_count) {
    const first = facts[bestFrom] as number;
    reasons.push({
      kind: 'burst',
      agent_path: path,
      count: best,
      first_at: iso(factAt(parts, first)),
      last_at: iso(factAt(parts, facts[bestFrom + best - 1] as number)),
      compaction_id: idOf(parts, first),
      detail: `${best} compactions of ${path} within ${p.burst_minutes} minutes (flagged from ${p.burst_count})`,
    });
  }
  const ineffective = facts.filter((h) => {
    const f = partOf(parts, h).facts;
    return (f.after[h % PACK] as number) >= p.min_ratio * (f.before[h % PACK] as number);
  });
  if (ineffective.length >= p.min_ineffective) {
    const first = ineffective[0] as number;
    reasons.push({
      kind: 'ineffective',
      agent_path: path,
      count: ineffective.length,
      first_at: iso(factAt(parts, first)),
      last_at: iso(factAt(parts, ineffective[ineffective.length - 1] as number)),
      compaction_id: idOf(parts, first),
      detail: `${ineffective.length} compactions of ${path} left at least ${Math.round(p.min_ratio * 100)}% of the tokens they started with (flagged from ${p.min_ineffective})`,
    });
  }
  const noops = rows.silent.filter((h) => partOf(parts, h).silent.kind[h % PACK] === SILENT_NOOP);
  if (noops.length >= p.min_noops) {
    reasons.push({
      kind: 'repeated_noops',
      agent_path: path,
      count: noops.length,
      first_at: iso(silentAt(parts, noops[0] as number)),
      last_at: iso(silentAt(parts, noops[noops.length - 1] as number)),
      compaction_id: null,
      detail: `${noops.length} no-ops: the strategy of ${path} found nothing it could compact (flagged from ${p.min_noops})`,
    });
  }
  const retryRecords = facts.filter((h) => {
    const f = partOf(parts, h).facts;
    return f.trigger[h % PACK] === RETRY && (f.after[h % PACK] as number) > (f.window[h % PACK] as number);
  });
  const retrySilent = rows.silent.filter((h) => partOf(parts, h).silent.trigger[h % PACK] === RETRY);
  const count = retryRecords.length + retrySilent.length;
  if (count > 0) {
    const times = [...retryRecords.map((h) => factAt(parts, h)), ...retrySilent.map((h) => silentAt(parts, h))];
    const first = retryRecords[0];
    reasons.push({
      kind: 'retry_overflow',
      agent_path: path,
      count,
      first_at: iso(Math.min(...times)),
      last_at: iso(Math.max(...times)),
      compaction_id: first === undefined ? null : idOf(parts, first),
      detail: `${count} reactive retries of ${path} still overflowed the context window`,
    });
  }
  return reasons;
}

const KIND_ORDER: Schemas['SpiralReasonKind'][] = ['stuck_overflow', 'burst', 'retry_overflow', 'ineffective', 'repeated_noops'];

/** Sessions where compaction repeats and achieves little, with reasons; most severe first. */
export function spirals(scope: Scope, parts: PartScope[], p: SpiralParameters, limit: number): Schemas['SpiralReport'] {
  const items: (Schemas['SpiralSession'] & { severity: number[] })[] = [];
  for (const { meta, places } of sessionsInScope(parts).values()) {
    const reasons: Reason[] = [];
    if (meta.status === 'context_overflow') {
      reasons.push({ kind: 'stuck_overflow', agent_path: null, count: 1, first_at: null, last_at: null, compaction_id: null, detail: 'stuck in context_overflow: the run failed on context length and waits for an operator' });
    }
    let events = 0;
    let last = Number.NEGATIVE_INFINITY;
    for (const [path, rows] of byAgent(parts, places)) {
      reasons.push(...agentReasons(parts, path, rows, p));
      events += rows.facts.length;
      if (rows.facts.length > 0) last = Math.max(last, factAt(parts, rows.facts[rows.facts.length - 1] as number));
      if (rows.silent.length > 0) last = Math.max(last, silentAt(parts, rows.silent[rows.silent.length - 1] as number));
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
