import { samePath, type Store } from '../../store/store';
import type { CompactionRecord, Schemas, SessionState } from '../../store/types';
import { DaemonError } from '../errors';
import { requireSession } from './lookups';
import type { EventOrigin } from '../../../src/domain/accounting/provenance';
import { FLAG_FILTERS, STRATEGIES, TRIGGERS } from '../../../src/domain/contract/enums.gen';
import { SORT_FIELDS, type SortField } from '../../../src/domain/ledger-search';

/** Opaque cursors: the offset into the filtered, sorted list, tied to the query that made it. */
export function encodeCursor(offset: number, query: string): string {
  return btoa(JSON.stringify({ o: offset, q: query })).replace(/=+$/, '');
}

export function decodeCursor(cursor: string | null, query: string): number {
  if (!cursor) return 0;
  try {
    const parsed = JSON.parse(atob(cursor)) as { o?: unknown; q?: unknown };
    if (typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0 && parsed.q === query) return parsed.o;
  } catch {
    // fall through to the error below
  }
  throw new DaemonError(400, 'invalid_cursor', 'The cursor is not one this query produced; start again without it.');
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
  total: number;
}

export function paginate<T>(items: readonly T[], cursor: string | null, limit: number, query: string): Page<T> {
  const offset = decodeCursor(cursor, query);
  const slice = items.slice(offset, offset + limit);
  const end = offset + slice.length;
  return { items: slice, next_cursor: end < items.length ? encodeCursor(end, query) : null, total: items.length };
}

export function parseLimit(raw: string | null, fallback = 100): number {
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new DaemonError(400, 'invalid_request', 'limit must be a whole number from 1 to 1000', { field: 'limit' });
  return n;
}

/** Comma-separated or repeated query values. */
export function listParam(params: URLSearchParams, name: string): string[] {
  return params.getAll(name).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

export function boolParam(params: URLSearchParams, name: string): boolean | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new DaemonError(400, 'invalid_request', `${name} must be true or false`, { field: name });
}

/** The origin filter (?origin=recorded|simulated), checked. */
export function parseOrigin(params: URLSearchParams): EventOrigin | null {
  const origin = params.get('origin') || null;
  if (origin !== null && origin !== 'recorded' && origin !== 'simulated') throw new DaemonError(400, 'invalid_request', 'origin must be recorded or simulated', { field: 'origin' });
  return origin;
}

export interface CompactionFilter {
  agent_path?: string;
  flag: string[];
  strategy: string[];
  trigger: string[];
  fallback?: boolean;
  plugin?: string;
  q?: string;
  /** Only recorded or only simulated events (provenance.origin). */
  origin?: EventOrigin;
  include_rolled_back: boolean;
  sort: Schemas['CompactionSort'];
}

function checkAll(name: string, values: string[], allowed: readonly string[]): string[] {
  const bad = values.find((v) => !allowed.includes(v));
  if (bad) throw new DaemonError(400, 'invalid_request', `${name} "${bad}" is not one of ${allowed.join(', ')}`, { field: name });
  return values;
}

export function parseCompactionFilter(params: URLSearchParams): CompactionFilter {
  const sort = params.get('sort') ?? '-created_at';
  if (!SORT_FIELDS.includes(sort.replace(/^-/, '') as SortField)) {
    throw new DaemonError(400, 'invalid_request', `sort "${sort}" is not a sortable field`, { field: 'sort' });
  }
  return {
    agent_path: params.get('agent_path') ?? undefined,
    flag: checkAll('flag', listParam(params, 'flag'), FLAG_FILTERS),
    strategy: checkAll('strategy', listParam(params, 'strategy'), STRATEGIES),
    trigger: checkAll('trigger', listParam(params, 'trigger'), TRIGGERS),
    fallback: boolParam(params, 'fallback'),
    plugin: params.get('plugin') ?? undefined,
    q: params.get('q')?.trim().toLowerCase() || undefined,
    origin: parseOrigin(params) ?? undefined,
    include_rolled_back: boolParam(params, 'include_rolled_back') ?? true,
    sort: sort as Schemas['CompactionSort'],
  };
}

export function filterCompactions(records: readonly CompactionRecord[], f: CompactionFilter): CompactionRecord[] {
  const out = records.filter(
    (r) =>
      (f.agent_path === undefined || samePath(r.agent_path, f.agent_path)) &&
      (f.flag.length === 0 || f.flag.includes(r.operator_flag ?? 'unflagged')) &&
      (f.strategy.length === 0 || f.strategy.includes(r.strategy)) &&
      (f.trigger.length === 0 || f.trigger.includes(r.trigger)) &&
      (f.fallback === undefined || r.fallback_occurred === f.fallback) &&
      (f.plugin === undefined || r.plugins_fired.some((p) => p.name === f.plugin)) &&
      (f.origin === undefined || r.provenance.origin === f.origin) &&
      (f.include_rolled_back || !r.rolled_back) &&
      (f.q === undefined ||
        (r.summary ?? '').toLowerCase().includes(f.q) ||
        (r.operator_notes ?? '').toLowerCase().includes(f.q)),
  );
  const desc = f.sort.startsWith('-');
  const field = f.sort.replace(/^-/, '') as SortField;
  const key = (r: CompactionRecord): number | string => r[field] ?? -1;
  return out.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c = ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return desc ? -c : c;
  });
}

/** How many filters' lists each session keeps (the view's own, an export's, a few recent ones). */
const LEDGER_LISTS_KEPT = 6;

const ledgerLists = new WeakMap<SessionState, { key: string; lists: Map<string, CompactionRecord[]> }>();

/**
 * A session's records that match `f`, in its order, kept per state of the session (its revision
 * and record count) and filter, as a daemon's index would keep them. The pages of one listing (the
 * view scrolling, an export) are then slices of one list, not each a filter and sort of every
 * record (25 ms per page over 100,000 of them).
 */
export function sessionLedger(store: Store, session: SessionState, f: CompactionFilter): readonly CompactionRecord[] {
  const key = `${store.sessionRevision(session.id)}:${session.compactions.length}`;
  let entry = ledgerLists.get(session);
  if (!entry || entry.key !== key) {
    entry = { key, lists: new Map() };
    ledgerLists.set(session, entry);
  }
  const filterKey = JSON.stringify(f);
  const kept = entry.lists.get(filterKey);
  if (kept) {
    // Most recently used last.
    entry.lists.delete(filterKey);
    entry.lists.set(filterKey, kept);
    return kept;
  }
  const list = filterCompactions(session.compactions, f);
  entry.lists.set(filterKey, list);
  for (const old of entry.lists.keys()) {
    if (entry.lists.size <= LEDGER_LISTS_KEPT) break;
    entry.lists.delete(old);
  }
  return list;
}

/** Lists every stored session's records newest first (the view's default order) as the data is made, as a daemon's index on time would have them. */
export function prepareSessionLedgers(store: Store): void {
  const newestFirst = parseCompactionFilter(new URLSearchParams());
  for (const session of store.sessions.values()) sessionLedger(store, session, newestFirst);
}

/** GET /sessions/{id}/compactions: a page of the session's records that match the query's filter. */
export function sessionLedgerPage(store: Store, sessionId: string, params: URLSearchParams): Page<CompactionRecord> {
  const session = requireSession(store, sessionId);
  const filter = parseCompactionFilter(params);
  return paginate(sessionLedger(store, session, filter), params.get('cursor'), parseLimit(params.get('limit')), JSON.stringify([session.id, filter]));
}
