import { SILENT_NOOP } from '../../../store/facts';
import { historyId, historyRow, materialize, rowHash, type History } from '../../../store/history';
import { samePath, type Store } from '../../../store/store';
import type { AuditEvent, AuditType, CompactionRecord, Schemas } from '../../../store/types';
import { DaemonError } from '../../errors';
import { decodeCursor, encodeCursor, listParam, parseLimit } from '../queries';
import { agentIndex, tablesOf, type Tables } from './tables';
import { AUDIT_TYPES, STRATEGIES, TRIGGERS } from '../../../../src/domain/contract/enums.gen';
import { instantParam } from './time';

/**
 * The audit log over everything: the stored audit events and the generated history's, which are
 * derived from its rows (a record: triggered, failed when it fell back, completed; a no-op or
 * failure without a record: triggered, then noop or failed). Three time-ordered streams are
 * walked together, filtered, and only the page asked for is built.
 */

interface AuditQuery {
  sessionId: string | null;
  compactionId: string | null;
  projectId: string | null;
  agentPath: string | null;
  actor: string | null;
  types: Set<string> | null;
  from: number;
  to: number;
  descending: boolean;
}

export function parseAuditQuery(store: Store, params: URLSearchParams): AuditQuery {
  const types = listParam(params, 'type');
  const bad = types.find((t) => !(AUDIT_TYPES as readonly string[]).includes(t));
  if (bad) throw new DaemonError(400, 'invalid_request', `type "${bad}" is not one of ${AUDIT_TYPES.join(', ')}`, { field: 'type' });
  const sort = params.get('sort') ?? 'at';
  if (sort !== 'at' && sort !== '-at') throw new DaemonError(400, 'invalid_request', 'sort must be at or -at', { field: 'sort' });
  const projectId = params.get('project_id') || null;
  if (projectId && !store.projects.has(projectId)) throw new DaemonError(404, 'not_found', `No project ${projectId}.`, { resource: 'project', id: projectId });
  return {
    sessionId: params.get('session_id') || null,
    compactionId: params.get('compaction_id') || null,
    projectId,
    agentPath: params.get('agent_path') || null,
    actor: params.get('actor') || null,
    types: types.length > 0 ? new Set(types) : null,
    from: instantParam(params, 'from', Number.NEGATIVE_INFINITY),
    to: instantParam(params, 'to', Number.POSITIVE_INFINITY),
    descending: sort === '-at',
  };
}

const OPERATORS = ['ana', 'karasu', 'mira'];

/** Who acted on a history row: an operator for manual compactions, else the harness. */
function historyActor(history: History, row: number, trigger: number): string {
  return TRIGGERS[trigger] === 'operator_manual' ? (OPERATORS[rowHash(history.spec.seed, row, 9) % OPERATORS.length] as string) : 'harness';
}

/** The types a history record row emits, in order. */
function recordTypes(fallback: boolean): AuditType[] {
  return fallback ? ['compaction.triggered', 'compaction.failed', 'compaction.completed'] : ['compaction.triggered', 'compaction.completed'];
}

function silentTypes(noop: boolean): AuditType[] {
  return ['compaction.triggered', noop ? 'compaction.noop' : 'compaction.failed'];
}

/** The audit event a history record row emits as its `k`-th. */
function recordEvent(history: History, row: number, k: number, edits: Store['historyEdits']): AuditEvent {
  const f = history.facts;
  const record: CompactionRecord = materialize(history, row, edits.get(historyId(row)));
  const type = recordTypes(record.fallback_occurred)[k] as AuditType;
  const base = { id: `aud_hr${row.toString(36)}_${k}`, type, at: record.created_at, session_id: record.session_id, run_id: record.run_id, agent_path: record.agent_path, compaction_id: record.id, actor: historyActor(history, row, f.trigger[row] as number) };
  if (type === 'compaction.triggered') return { ...base, data: { trigger: record.trigger, threshold_estimate: record.threshold_estimate, strategy: record.strategy, dry_run: false } };
  if (type === 'compaction.failed') {
    const first = record.fallback_chain[0];
    return { ...base, data: { attempted_strategy: first?.strategy ?? record.strategy, fallback_strategy: 'drop', reason: record.fallback_reason, fallback_chain: record.fallback_chain, dry_run: false } };
  }
  return { ...base, data: { after_estimate: record.after_estimate, superseded_count: record.superseded_message_ids.length, summary_message_id: record.summary_message_id, plugins_fired: record.plugins_fired, duration_ms: record.duration_ms, dry_run: false } };
}

function silentEvent(history: History, row: number, k: number): AuditEvent {
  const t = history.silent;
  const session = history.sessions[t.session[row] as number] as History['sessions'][number];
  const noop = t.kind[row] === SILENT_NOOP;
  const type = silentTypes(noop)[k] as AuditType;
  const strategy = STRATEGIES[t.strategy[row] as number] as string;
  const reason = t.reasons[t.reason[row] as number] as string;
  const base = { id: `aud_hs${row.toString(36)}_${k}`, type, at: new Date(t.at[row] as number).toISOString(), session_id: session.id, run_id: `run_${session.id}_hs${row.toString(36)}`, agent_path: t.agents[t.agent[row] as number] as string, compaction_id: null, actor: 'harness' };
  if (type === 'compaction.triggered') return { ...base, data: { trigger: TRIGGERS[t.trigger[row] as number], threshold_estimate: t.before[row], strategy, dry_run: false } };
  if (noop) return { ...base, data: { reason, strategy, dry_run: false } };
  return { ...base, data: { attempted_strategy: strategy, fallback_strategy: null, reason, fallback_chain: [{ strategy, outcome: 'error', reason }], dry_run: false } };
}

/** One entry of a stream: how many events it holds and how to build the k-th. */
interface Stream {
  length: number;
  at(i: number): number;
  /** Number of events entry i emits that pass the type filter (its position-independent parts). */
  count(i: number): number;
  /** Whether entry i passes the entry-level filters (session, project, agent, actor, compaction). */
  keep(i: number): boolean;
  /** The k-th event (among those passing the type filter) of entry i. */
  build(i: number, k: number): AuditEvent;
}

const liveOrder = new WeakMap<Store, { length: number; order: Int32Array; at: Float64Array }>();

/** The stored audit events by time (ties in the order they were written). */
function sortedLive(store: Store): { order: Int32Array; at: Float64Array } {
  const hit = liveOrder.get(store);
  if (hit && hit.length === store.audit.length) return hit;
  const at = Float64Array.from(store.audit, (e) => Date.parse(e.at));
  const order = Int32Array.from(store.audit.keys()).sort((a, b) => (at[a] as number) - (at[b] as number) || a - b);
  const sortedAt = Float64Array.from(order, (i) => at[i] as number);
  const entry = { length: store.audit.length, order, at: sortedAt };
  liveOrder.set(store, entry);
  return entry;
}

function projectOf(tables: Tables, sessionId: string): string | undefined {
  const entry = tables.sessionIndex.get(sessionId);
  return entry ? entry[0].sessions[entry[1]]?.project_id : undefined;
}

function streams(store: Store, tables: Tables, q: AuditQuery): Stream[] {
  const typeOk = (t: string) => q.types === null || q.types.has(t);
  const { order, at } = sortedLive(store);
  const projects = new Map<string, string | undefined>();
  const projectMatches = (sessionId: string) => {
    if (q.projectId === null) return true;
    if (!projects.has(sessionId)) projects.set(sessionId, projectOf(tables, sessionId));
    return projects.get(sessionId) === q.projectId;
  };
  const live: Stream = {
    length: order.length,
    at: (i) => at[i] as number,
    count: (i) => (typeOk((store.audit[order[i] as number] as AuditEvent).type) ? 1 : 0),
    keep: (i) => {
      const e = store.audit[order[i] as number] as AuditEvent;
      return (
        (q.sessionId === null || e.session_id === q.sessionId) &&
        (q.compactionId === null || e.compaction_id === q.compactionId) &&
        (q.agentPath === null || (e.agent_path !== null && samePath(e.agent_path, q.agentPath))) &&
        (q.actor === null || e.actor === q.actor) &&
        projectMatches(e.session_id)
      );
    },
    build: (i) => store.audit[order[i] as number] as AuditEvent,
  };
  const out = [live];
  const h = tables.history;
  if (!h?.history) return out;
  const history = h.history;
  const f = history.facts;
  const t = history.silent;
  const sessionOk = Uint8Array.from(h.sessions, (s) => ((q.sessionId === null || s.id === q.sessionId) && (q.projectId === null || s.project_id === q.projectId) ? 1 : 0));
  const agent = q.agentPath === null ? -1 : agentIndex(f.agents, q.agentPath);
  const onlyRow = q.compactionId === null ? -1 : historyRow(history, q.compactionId);
  const recordTypesOk = recordTypes(true).map(typeOk);
  const silentOk = [typeOk('compaction.triggered'), typeOk('compaction.noop'), typeOk('compaction.failed')];
  const actorOk = (row: number) => q.actor === null || historyActor(history, row, f.trigger[row] as number) === q.actor;
  const pick = (types: AuditType[], k: number) => types.filter(typeOk)[k] as AuditType;
  out.push({
    length: f.length,
    at: (r) => f.at[r] as number,
    count: (r) => ((f.fallback[r] as number) >= 0 ? (recordTypesOk[0] ? 1 : 0) + (recordTypesOk[1] ? 1 : 0) + (recordTypesOk[2] ? 1 : 0) : (recordTypesOk[0] ? 1 : 0) + (recordTypesOk[2] ? 1 : 0)),
    keep: (r) => (q.compactionId === null || r === onlyRow) && sessionOk[f.session[r] as number] === 1 && (agent < 0 ? q.agentPath === null : f.agent[r] === agent) && actorOk(r),
    build: (r, k) => {
      const types = recordTypes((f.fallback[r] as number) >= 0);
      return recordEvent(history, r, types.indexOf(pick(types, k)), store.historyEdits);
    },
  });
  out.push({
    length: t.length,
    at: (r) => t.at[r] as number,
    count: (r) => (silentOk[0] ? 1 : 0) + (t.kind[r] === SILENT_NOOP ? (silentOk[1] ? 1 : 0) : silentOk[2] ? 1 : 0),
    // No record, so no compaction id; the harness acts alone.
    keep: (r) => q.compactionId === null && (q.actor === null || q.actor === 'harness') && sessionOk[t.session[r] as number] === 1 && (agent < 0 ? q.agentPath === null : t.agent[r] === agent),
    build: (r, k) => {
      const types = silentTypes(t.kind[r] === SILENT_NOOP);
      return silentEvent(history, r, types.indexOf(pick(types, k)));
    },
  });
  return out;
}

function bound(s: Stream, x: number): number {
  let lo = 0;
  let hi = s.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (s.at(mid) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** GET /audit: a page of the audit log, filtered, oldest or newest first. */
export function auditLog(store: Store, params: URLSearchParams): Schemas['AuditPage'] {
  const q = parseAuditQuery(store, params);
  const limit = parseLimit(params.get('limit'));
  const key = JSON.stringify([q.sessionId, q.compactionId, q.projectId, q.agentPath, q.actor, q.types && [...q.types].sort(), q.from, q.to, q.descending].map((v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v)));
  const offset = decodeCursor(params.get('cursor'), key);
  const list = streams(store, tablesOf(store), q);
  // Each stream's entries in the time range; walked together in time order (ties: stored events, then records, then silent rows).
  const ranges = list.map((s) => [bound(s, q.from), Number.isFinite(q.to) ? bound(s, q.to) : s.length] as [number, number]);
  const pos = ranges.map(([lo, hi]) => (q.descending ? hi - 1 : lo));
  const inRange = (i: number) => {
    const [lo, hi] = ranges[i] as [number, number];
    const p = pos[i] as number;
    return p >= lo && p < hi;
  };
  const items: AuditEvent[] = [];
  let seen = 0;
  for (;;) {
    let next = -1;
    for (let i = 0; i < list.length; i++) {
      if (!inRange(i)) continue;
      if (next < 0) {
        next = i;
        continue;
      }
      const a = (list[i] as Stream).at(pos[i] as number);
      const b = (list[next] as Stream).at(pos[next] as number);
      // Newest first is the exact reverse of oldest first, ties included.
      if (q.descending ? a >= b : a < b) next = i;
    }
    if (next < 0) break;
    const s = list[next] as Stream;
    const entry = pos[next] as number;
    pos[next] = entry + (q.descending ? -1 : 1);
    const n = s.keep(entry) ? s.count(entry) : 0;
    if (n === 0) continue;
    if (seen + n > offset && items.length < limit) {
      for (let k = 0; k < n; k++) {
        const index = q.descending ? n - 1 - k : k;
        if (seen + k >= offset && items.length < limit) items.push(s.build(entry, index));
      }
    }
    seen += n;
  }
  const end = offset + items.length;
  return { items, next_cursor: end < seen ? encodeCursor(end, key) : null, total: seen };
}
