/**
 * The ledger's filters and sort live in the URL, so a link reproduces the view:
 *
 *   ?agent=primary/explore&trigger=threshold_crossed,hook_requested&strategy=delegate
 *   &flag=bad,unflagged&fallback=true&plugin=hindsight&q=estimator&sort=-cost_usd
 *
 * Lists are comma-separated and written in the contract's order (so equal views have equal URLs
 * and equal query keys); values the contract does not know are dropped; defaults are left out.
 * The same search builds the API query (ledger-list-query.ts) and the client-side check a live
 * record is run through before it joins the cached ledger (matchesLedgerSearch).
 */
import type { CompactionRecord, Schemas } from './contract/types';
import { COMPACTION_SORTS, FLAG_FILTERS, STRATEGIES, TRIGGERS } from './contract/enums.gen';
import type { EventOrigin } from './accounting/provenance';

export type Trigger = Schemas['Trigger'];
export type Strategy = Schemas['Strategy'];
export type FlagFilter = Schemas['FlagFilter'];
export type Flag = Schemas['Flag'];
export type CompactionSort = Schemas['CompactionSort'];

/** The fields the daemon sorts by (CompactionSort without the direction). */
export type SortField = Exclude<CompactionSort, `-${string}`>;
export const SORT_FIELDS: readonly SortField[] = COMPACTION_SORTS.filter((s): s is SortField => !s.startsWith('-'));

export interface LedgerSort {
  field: SortField;
  desc: boolean;
}

export const DEFAULT_SORT: LedgerSort = { field: 'created_at', desc: true };

export interface LedgerSearch {
  /** One agent's events, or all (null). */
  agent: string | null;
  trigger: Trigger[];
  strategy: Strategy[];
  flag: FlagFilter[];
  /** Only events that fell back (true), only those that did not (false), or both (null). */
  fallback: boolean | null;
  /** Only events in which this plugin fired. */
  plugin: string | null;
  /** Only what a transcript or the daemon recorded, or only what the simulator computed (null: both). */
  origin: EventOrigin | null;
  /** Text in the summary or the notes, any case. */
  q: string;
  sort: LedgerSort;
  /** Across sessions only (the session ledger ignores these): one project, one session, one summarizer model. */
  project: string | null;
  session: string | null;
  model: string | null;
  /** Across sessions only: created at or after `from`, before `to` (ISO instants). */
  from: string | null;
  to: string | null;
}

export const EMPTY_SEARCH: LedgerSearch = {
  agent: null,
  trigger: [],
  strategy: [],
  flag: [],
  fallback: null,
  plugin: null,
  origin: null,
  q: '',
  sort: DEFAULT_SORT,
  project: null,
  session: null,
  model: null,
  from: null,
  to: null,
};

/** The filters only the cross-session ledger has. */
export const CROSS_FIELDS = ['project', 'session', 'model', 'from', 'to'] as const;

/** The view within one session: the cross-session filters dropped. */
export function withinSession(search: LedgerSearch): LedgerSearch {
  return search.project || search.session || search.model || search.from || search.to ? { ...search, project: null, session: null, model: null, from: null, to: null } : search;
}

/** The URL parameters the ledger owns (other features' parameters are left alone). */
export const LEDGER_PARAMS = ['project', 'session', 'agent', 'trigger', 'strategy', 'flag', 'fallback', 'plugin', 'origin', 'model', 'from', 'to', 'q', 'sort'] as const;

/** The known values of a comma-separated (or repeated) parameter, once each, in `allowed`'s order. */
function readList<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T[] {
  const given = new Set(
    params
      .getAll(name)
      .flatMap((value) => value.split(','))
      .map((value) => value.trim()),
  );
  return allowed.filter((value) => given.has(value));
}

function readInstant(value: string | null): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The known values among `values`, once each, in `allowed`'s (the contract's) order. */
export function canonicalList<T extends string>(values: readonly T[], allowed: readonly T[]): T[] {
  const given = new Set(values);
  return allowed.filter((value) => given.has(value));
}

function readOrigin(value: string | null): EventOrigin | null {
  return value === 'recorded' || value === 'simulated' ? value : null;
}

export function readSort(value: string | null): LedgerSort {
  if (value === null) return DEFAULT_SORT;
  const desc = value.startsWith('-');
  const field = desc ? value.slice(1) : value;
  return (SORT_FIELDS as readonly string[]).includes(field) ? { field: field as SortField, desc } : DEFAULT_SORT;
}

export function writeSort(sort: LedgerSort): CompactionSort {
  return `${sort.desc ? '-' : ''}${sort.field}` as CompactionSort;
}

export function readLedgerSearch(params: URLSearchParams): LedgerSearch {
  const fallback = params.get('fallback');
  return {
    agent: params.get('agent')?.trim() || null,
    trigger: readList(params, 'trigger', TRIGGERS),
    strategy: readList(params, 'strategy', STRATEGIES),
    flag: readList(params, 'flag', FLAG_FILTERS),
    fallback: fallback === 'true' ? true : fallback === 'false' ? false : null,
    plugin: params.get('plugin')?.trim() || null,
    origin: readOrigin(params.get('origin')),
    q: params.get('q') ?? '',
    sort: readSort(params.get('sort')),
    project: params.get('project')?.trim() || null,
    session: params.get('session')?.trim() || null,
    model: params.get('model')?.trim() || null,
    from: readInstant(params.get('from')),
    to: readInstant(params.get('to')),
  };
}

/** New params with `patch` applied; other params are kept, defaults are left out. */
export function writeLedgerSearch(params: URLSearchParams, patch: Partial<LedgerSearch>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  if ('agent' in patch) set('agent', patch.agent ?? null);
  if ('trigger' in patch) set('trigger', canonicalList(patch.trigger ?? [], TRIGGERS).join(','));
  if ('strategy' in patch) set('strategy', canonicalList(patch.strategy ?? [], STRATEGIES).join(','));
  if ('flag' in patch) set('flag', canonicalList(patch.flag ?? [], FLAG_FILTERS).join(','));
  if ('fallback' in patch) set('fallback', patch.fallback === true ? 'true' : patch.fallback === false ? 'false' : null);
  if ('plugin' in patch) set('plugin', patch.plugin ?? null);
  if ('origin' in patch) set('origin', patch.origin ?? null);
  if ('q' in patch) set('q', patch.q ?? null);
  for (const key of CROSS_FIELDS) if (key in patch) set(key, patch[key] ?? null);
  if ('sort' in patch) {
    const sort = patch.sort ?? DEFAULT_SORT;
    set('sort', sort.field === DEFAULT_SORT.field && sort.desc === DEFAULT_SORT.desc ? null : writeSort(sort));
  }
  return next;
}

/** Only the ledger's own parameters, in a fixed order: for links that carry the view (detail, prev/next). */
export function ledgerSearchString(search: LedgerSearch): string {
  const params = writeLedgerSearch(new URLSearchParams(), search);
  const ordered = new URLSearchParams();
  for (const key of LEDGER_PARAMS) {
    const value = params.get(key);
    if (value !== null) ordered.set(key, value);
  }
  const text = ordered.toString();
  return text ? `?${text}` : '';
}

/**
 * An event page opened from the ledger across sessions says so in its address (`?across=1`): it
 * then walks that list (previous and next in any session, its position among all of them) and leads
 * back to it. Without it, the page walks its own session's ledger.
 */
export const ACROSS_PARAM = 'across';

export function readAcross(params: URLSearchParams): boolean {
  return params.get(ACROSS_PARAM) === '1';
}

/** The query of an event page's address: the view it walks (its session's, or the one across sessions, cross filters kept). */
export function eventSearchString(search: LedgerSearch, across: boolean): string {
  if (!across) return ledgerSearchString(withinSession(search));
  const text = ledgerSearchString(search);
  return `${text ? `${text}&` : '?'}${ACROSS_PARAM}=1`;
}

/** How many filters narrow the view (the sort does not count). */
export function activeFilterCount(search: LedgerSearch): number {
  return (
    (search.agent ? 1 : 0) +
    (search.trigger.length > 0 ? 1 : 0) +
    (search.strategy.length > 0 ? 1 : 0) +
    (search.flag.length > 0 ? 1 : 0) +
    (search.fallback !== null ? 1 : 0) +
    (search.plugin ? 1 : 0) +
    (search.origin ? 1 : 0) +
    (search.q.trim() ? 1 : 0) +
    CROSS_FIELDS.filter((key) => search[key] !== null).length
  );
}

/** Whether a record belongs in this view, as the daemon decides it (for live records and edits). */
export function matchesLedgerSearch(record: CompactionRecord, search: LedgerSearch): boolean {
  if (search.agent && record.agent_path !== search.agent) return false;
  if (search.trigger.length > 0 && !search.trigger.includes(record.trigger)) return false;
  if (search.strategy.length > 0 && !search.strategy.includes(record.strategy)) return false;
  if (search.flag.length > 0 && !search.flag.includes(record.operator_flag ?? 'unflagged')) return false;
  if (search.fallback !== null && record.fallback_occurred !== search.fallback) return false;
  if (search.plugin && !record.plugins_fired.some((p) => p.name === search.plugin)) return false;
  if (search.origin && record.provenance.origin !== search.origin) return false;
  if (search.session && record.session_id !== search.session) return false;
  if (search.model && record.summarizer_model !== search.model) return false;
  if (search.from && record.created_at < search.from) return false;
  if (search.to && record.created_at >= search.to) return false;
  const q = search.q.trim().toLowerCase();
  if (q && !(record.summary ?? '').toLowerCase().includes(q) && !(record.operator_notes ?? '').toLowerCase().includes(q)) return false;
  return true;
}

/** The daemon's order: the field (null first), then the id; both reversed when descending. */
export function compareRecords(a: CompactionRecord, b: CompactionRecord, sort: LedgerSort): number {
  const ka = a[sort.field] ?? -1;
  const kb = b[sort.field] ?? -1;
  const c = ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return sort.desc ? -c : c;
}

/** The ledger's columns that the daemon can sort by, and the field each sorts. */
export const SORT_COLUMNS: Readonly<Record<string, SortField>> = {
  time: 'created_at',
  tokens: 'threshold_estimate',
  after: 'after_estimate',
  ratio: 'compression_ratio',
  cost: 'cost_usd',
  duration: 'duration_ms',
  summary: 'summary_tokens',
};

/** A table's sort, as react-table writes it (its SortingState), without this core depending on the table. */
export type ColumnSort = { id: string; desc: boolean }[];

export function sortToSorting(sort: LedgerSort): ColumnSort {
  const id = Object.keys(SORT_COLUMNS).find((column) => SORT_COLUMNS[column] === sort.field);
  return id ? [{ id, desc: sort.desc }] : [];
}

export function sortingToSort(sorting: ColumnSort): LedgerSort {
  const first = sorting[0];
  const field = first ? SORT_COLUMNS[first.id] : undefined;
  return first && field ? { field, desc: first.desc } : DEFAULT_SORT;
}

/** `values` with `value` added (on) or removed (off), once. */
export function toggleValue<T>(values: readonly T[], value: T, on: boolean): T[] {
  const rest = values.filter((v) => v !== value);
  return on ? [...rest, value] : rest;
}
