import type { FactColumns, SilentColumns } from '../../../store/facts';
import { historyId, historyRow, materialize, type History, type RecordEdit } from '../../../store/history';
import { samePath, type Store } from '../../../store/store';
import type { AuditEvent, CompactionRecord, SessionState } from '../../../store/types';
import { appendLive, buildLive, type LiveBuild } from './live-part';

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

const cache = new WeakMap<Store, { revision: number; audit: number; history: History | null; live: LiveBuild; tables: Tables }>();

/**
 * The store's events in columns, current with the store (the history's columns are shared, not
 * copied). Records appended since the last call are folded into the live part (appendLive);
 * anything else that changed records builds it whole.
 */
export function tablesOf(store: Store): Tables {
  const hit = cache.get(store);
  if (hit && hit.revision === store.revision && hit.audit === store.audit.length && hit.history === store.history) return hit.tables;
  const build = (hit && hit.history === store.history && appendLive(store, hit.live)) || buildLive(store);
  const live = build.part;
  const history = store.history ? historyPart(store, store.history, live.facts.length) : null;
  const parts = history ? [live, history] : [live];
  const sessionIndex = new Map<string, [Part, number]>();
  for (const part of parts) part.sessions.forEach((s, i) => sessionIndex.has(s.id) || sessionIndex.set(s.id, [part, i]));
  const tables = { parts, live, history, sessionIndex };
  cache.set(store, { revision: store.revision, audit: store.audit.length, history: store.history, live: build, tables });
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
