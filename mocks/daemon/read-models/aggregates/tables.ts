import { PLUGINS } from '../../../store/catalog';
import { Dict, emptyFacts, emptySilent, flagCode, permuteFacts, permuteSilent, RESULT_KINDS, SILENT_FAILED, SILENT_NOOP, type FactColumns, type SilentColumns, type Slot } from '../../../store/facts';
import { csr, iota, orderBy } from '../../../store/row-order';
import { HISTORY_ID_PREFIX, historyId, historyRow, materialize, type History, type RecordEdit } from '../../../store/history';
import { samePath, type Store } from '../../../store/store';
import type { AuditEvent, CompactionRecord, SessionState } from '../../../store/types';
import { effectiveConfig } from '../../settings/config';
import { primaryUsdOf } from '../views';
import { fallbackKind } from '../stats';
import { STRATEGIES, TRIGGERS } from '../../../../src/domain/contract/enums.gen';

export interface SessionMeta {
  id: string;
  project_id: string;
  title: string;
  status: SessionState['status'];
}

/**
 * One source of compaction events in columns: the live part (the stored sessions' records and
 * the audit log's no-ops and failures, copied into columns) or the generated history. Rows of
 * both are in time order; `offset` places a part's rows in one global numbering (live first).
 */
export interface Part {
  kind: 'live' | 'history';
  facts: FactColumns;
  silent: SilentColumns;
  sessions: SessionMeta[];
  factStart: Int32Array;
  factsBySession: Int32Array;
  silentStart: Int32Array;
  silentBySession: Int32Array;
  offset: number;
  /** live: the records behind the rows, in row order. */
  records: CompactionRecord[] | null;
  /** live: rows in record-id order, and each row's place in it (history rows are already in id order). */
  byId: Int32Array | null;
  idRank: Int32Array | null;
  /** live: the audit event behind each silent row. */
  silentEvents: AuditEvent[] | null;
  history: History | null;
}

export interface Tables {
  parts: Part[];
  live: Part;
  history: Part | null;
  /** Session id → [part, session index]. */
  sessionIndex: Map<string, [Part, number]>;
}

const STRATEGY_CODE = new Map<string, number>(STRATEGIES.map((s, i) => [s, i]));
const TRIGGER_CODE = new Map<string, number>(TRIGGERS.map((s, i) => [s, i]));
const KIND_CODE = new Map<string, number>(RESULT_KINDS.map((k, i) => [k, i + 1]));

const catalogVersion = (plugin: string) => PLUGINS.find((p) => p.name === plugin)?.version ?? 'unknown';

function liveFacts(store: Store, sessions: Map<string, number>): { facts: FactColumns; records: CompactionRecord[]; byId: Int32Array; idRank: Int32Array } {
  const records: CompactionRecord[] = [];
  const perAgent = new Map<string, number>();
  for (const session of store.sessions.values()) {
    for (const r of session.compactions) {
      if (r.dry_run || r.id.startsWith(HISTORY_ID_PREFIX)) continue;
      records.push(r);
      const key = `${r.session_id}\u0000${r.agent_path}`;
      perAgent.set(key, (perAgent.get(key) ?? 0) + 1);
    }
  }
  records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const slots = new Dict();
  const pluginNames = new Dict();
  for (const r of records) {
    for (const p of r.plugins_fired) {
      slots.id(`${p.name}\u0000${p.hook}\u0000${p.role}`);
      pluginNames.id(p.name);
    }
  }
  const slotList: Slot[] = slots.values.map((k) => {
    const [plugin, hook, role] = k.split('\u0000') as [string, Slot['hook'], Slot['role']];
    return { plugin, hook, role };
  });
  const f = emptyFacts(records.length, slotList, pluginNames.values);
  const agents = new Dict();
  const summarizers = new Dict();
  const fallbacks = new Dict();
  const versions = new Dict();
  records.forEach((r, row) => {
    const session = store.sessions.get(r.session_id);
    f.at[row] = Date.parse(r.created_at);
    f.session[row] = sessions.get(r.session_id) ?? -1;
    f.agent[row] = agents.id(r.agent_path);
    f.trigger[row] = TRIGGER_CODE.get(r.trigger) ?? 0;
    f.strategy[row] = STRATEGY_CODE.get(r.strategy) ?? 0;
    f.before[row] = r.threshold_estimate;
    f.after[row] = r.after_estimate;
    f.window[row] = r.context_window;
    f.summaryTokens[row] = r.summary_tokens ?? -1;
    f.summarizer[row] = r.summarizer_model === null ? -1 : summarizers.id(r.summarizer_model);
    f.cost[row] = r.cost_usd;
    f.duration[row] = r.duration_ms;
    f.fallback[row] = r.fallback_occurred ? fallbacks.id(fallbackKind(r)) : -1;
    f.flag[row] = flagCode(r.operator_flag);
    f.flaggedAt[row] = r.flagged_at ? Date.parse(r.flagged_at) : Number.NaN;
    f.rolledBack[row] = r.rolled_back ? 1 : 0;
    const agent = session?.agents.find((a) => a.agent_path === r.agent_path);
    f.primaryUsd[row] = (agent ? primaryUsdOf(agent) : 0) / (perAgent.get(`${r.session_id}\u0000${r.agent_path}`) ?? 1);
    f.simulated[row] = r.provenance.origin === 'simulated' ? 1 : 0;
    if (r.reread_after) {
      f.rereadTokens[row] = r.reread_after.adjusted.tokens;
      f.rereadCalls[row] = r.reread_after.adjusted.calls;
    }
    for (const p of r.plugins_fired) {
      const slot = slots.find(`${p.name}\u0000${p.hook}\u0000${p.role}`);
      (f.slotMs[slot] as Float64Array)[row] = p.duration_ms;
      (f.slotKind[slot] as Uint8Array)[row] = KIND_CODE.get(p.result_kind) ?? 0;
      (f.pluginVersion[p.name] as Int32Array)[row] = versions.id(p.version ?? catalogVersion(p.name));
    }
  });
  f.agents = agents.values;
  f.summarizers = summarizers.values;
  f.fallbackKinds = fallbacks.values;
  f.versions = versions.values;
  const order = orderBy(iota(records.length), (row) => f.at[row] as number, false);
  // Rows were numbered in id order before the sort by time: order[k] is the id rank of row k.
  const byId = new Int32Array(order.length);
  order.forEach((rank, row) => (byId[rank] = row));
  return { facts: permuteFacts(f, order), records: Array.from(order, (row) => records[row] as CompactionRecord), byId, idRank: order };
}

/** The audit log's automatic no-ops and failures that left no record, as silent rows. */
function liveSilent(store: Store, sessions: Map<string, number>, agents: Dict): { silent: SilentColumns; events: AuditEvent[] } {
  const triggered = new Map<string, AuditEvent>();
  const picked: { event: AuditEvent; trigger: AuditEvent | undefined }[] = [];
  // Keyed only for the types that need it: most of the log (every completed compaction) is not.
  const runKey = (e: AuditEvent) => `${e.run_id}\u0000${e.agent_path}`;
  for (const e of store.audit) {
    if (e.type === 'compaction.triggered') triggered.set(runKey(e), e);
    else if ((e.type === 'compaction.noop' || e.type === 'compaction.failed') && e.compaction_id === null && e.data.dry_run !== true && sessions.has(e.session_id)) {
      picked.push({ event: e, trigger: triggered.get(runKey(e)) });
    }
  }
  const t = emptySilent(picked.length);
  const reasons = new Dict();
  const plugins = new Dict();
  const versions = new Dict();
  picked.forEach(({ event, trigger }, row) => {
    const strategy = String(event.data.strategy ?? event.data.attempted_strategy ?? 'drop');
    t.at[row] = Date.parse(event.at);
    t.session[row] = sessions.get(event.session_id) as number;
    t.agent[row] = agents.id(event.agent_path ?? 'primary');
    t.kind[row] = event.type === 'compaction.noop' ? SILENT_NOOP : SILENT_FAILED;
    t.strategy[row] = STRATEGY_CODE.get(strategy) ?? 0;
    t.trigger[row] = TRIGGER_CODE.get(String(trigger?.data.trigger ?? 'threshold_crossed')) ?? 0;
    t.reason[row] = reasons.id(String(event.data.reason ?? 'unspecified'));
    t.before[row] = Number(trigger?.data.threshold_estimate ?? 0);
    const session = store.sessions.get(event.session_id);
    const agent = session?.agents.find((a) => a.agent_path === event.agent_path);
    const delegate = session && agent && strategy === 'delegate' && t.kind[row] === SILENT_FAILED ? effectiveConfig(session, agent).values.delegate.plugin : null;
    t.plugin[row] = delegate ? plugins.id(delegate) : -1;
    t.version[row] = delegate ? versions.id(catalogVersion(delegate)) : -1;
  });
  t.reasons = reasons.values;
  t.plugins = plugins.values;
  t.versions = versions.values;
  const order = orderBy(iota(picked.length), (row) => t.at[row] as number, false);
  return { silent: permuteSilent(t, order), events: Array.from(order, (row) => (picked[row] as { event: AuditEvent }).event) };
}

function livePart(store: Store): Part {
  const sessions: SessionMeta[] = [...store.sessions.values()].map((s) => ({ id: s.id, project_id: s.project_id, title: s.title, status: s.status }));
  const index = new Map(sessions.map((s, i) => [s.id, i]));
  const { facts, records, byId, idRank } = liveFacts(store, index);
  const agents = new Dict(facts.agents);
  const { silent, events } = liveSilent(store, index, agents);
  facts.sessions = sessions.map((s) => s.id);
  silent.sessions = facts.sessions;
  // Both tables share one agent dictionary (the silent rows may add paths).
  facts.agents = agents.values;
  silent.agents = agents.values;
  const [factStart, factsBySession] = csr(sessions.length, facts.length, (r) => facts.session[r] as number);
  const [silentStart, silentBySession] = csr(sessions.length, silent.length, (r) => silent.session[r] as number);
  return { kind: 'live', facts, silent, sessions, factStart, factsBySession, silentStart, silentBySession, offset: 0, records, byId, idRank, silentEvents: events, history: null };
}

function historyPart(store: Store, history: History, offset: number): Part {
  return {
    kind: 'history',
    facts: history.facts,
    silent: history.silent,
    sessions: history.sessions.map((s) => ({ id: s.id, project_id: s.project_id, title: s.title, status: store.sessions.get(s.id)?.status ?? s.status })),
    factStart: history.factStart,
    factsBySession: history.factsBySession,
    silentStart: history.silentStart,
    silentBySession: history.silentBySession,
    offset,
    records: null,
    byId: null,
    idRank: null,
    silentEvents: null,
    history,
  };
}

const cache = new WeakMap<Store, { revision: number; audit: number; history: History | null; tables: Tables }>();

/** The store's events in columns, rebuilt when the store changed (the history's columns are shared, not copied). */
export function tablesOf(store: Store): Tables {
  const hit = cache.get(store);
  if (hit && hit.revision === store.revision && hit.audit === store.audit.length && hit.history === store.history) return hit.tables;
  const live = livePart(store);
  const history = store.history ? historyPart(store, store.history, live.facts.length) : null;
  const parts = history ? [live, history] : [live];
  const sessionIndex = new Map<string, [Part, number]>();
  for (const part of parts) part.sessions.forEach((s, i) => sessionIndex.has(s.id) || sessionIndex.set(s.id, [part, i]));
  const tables = { parts, live, history, sessionIndex };
  cache.set(store, { revision: store.revision, audit: store.audit.length, history: store.history, tables });
  return tables;
}

/**
 * Global ids number every record in id order: live records first (ids cmp_0…), then the
 * history's (cmp_h…). Sorting by (key, global id) is the session ledger's (key, id) order.
 */
export function locate(tables: Tables, gid: number): [Part, number] {
  const h = tables.history;
  return h && gid >= h.offset ? [h, gid - h.offset] : [tables.live, tables.live.byId?.[gid] as number];
}

/** The global id of a part's row (see locate). */
export function globalId(part: Part, row: number): number {
  return part.idRank ? (part.idRank[row] as number) : part.offset + row;
}

/** The global id of a record id, or -1 when no row has it. */
export function globalIdOf(tables: Tables, id: string): number {
  const h = tables.history;
  const row = historyRow(h?.history ?? null, id);
  if (h && row >= 0) return h.offset + row;
  const live = tables.live.records?.findIndex((r) => r.id === id) ?? -1;
  return live < 0 ? -1 : globalId(tables.live, live);
}

/** The id of a record row. */
export function recordId(part: Part, row: number): string {
  return part.records ? (part.records[row] as CompactionRecord).id : historyId(row);
}

/** The full record of a row (history rows materialized, with their edits). */
export function recordAt(part: Part, row: number, edits: ReadonlyMap<string, RecordEdit>): CompactionRecord {
  if (part.records) return part.records[row] as CompactionRecord;
  const id = historyId(row);
  return materialize(part.history as History, row, edits.get(id));
}

/** Index of an asked agent path in a part's agents, -1 when none: compared as the store compares paths (samePath: a lone surrogate reads as U+FFFD, the form a URL carries). */
export function agentIndex(agents: readonly string[], asked: string): number {
  return agents.findIndex((a) => samePath(a, asked));
}
