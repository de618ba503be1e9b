import { FLAGS } from '../../../store/facts';
import { lowerBound, orderBy } from '../../../store/row-order';
import { HISTORY_NOTES, historyId, seededNote, SUMMARY_TEMPLATE_COUNT, HISTORY_FILES, summaryParts, summaryText } from '../../../store/history';
import type { Store } from '../../../store/store';
import type { CompactionRecord, Schemas } from '../../../store/types';
import { DaemonError } from '../../errors';
import { decodeCursor, encodeCursor, parseCompactionFilter, parseLimit, type CompactionFilter } from '../queries';
import { agentIndex, globalId, locate, recordAt, tablesOf, type Part, type Tables } from './tables';
import { STRATEGIES, TRIGGERS } from '../../../../src/domain/contract/enums.gen';
import { instantParam } from './time';

/**
 * The cross-session ledger: the session ledger's filters and sort over every session's records,
 * plus project, session, plugin version, summarizer model and time range. The matching rows are
 * found in the columns, sorted once per query (cached while the store is unchanged), and only
 * the page asked for is materialized into records.
 */

export interface CrossFilter extends CompactionFilter {
  project_id?: string;
  session_id?: string;
  plugin_version?: string;
  summarizer_model?: string;
  from: number;
  to: number;
}

export function parseCrossFilter(store: Store, params: URLSearchParams): CrossFilter {
  const base = parseCompactionFilter(params);
  const project_id = params.get('project_id') || undefined;
  const session_id = params.get('session_id') || undefined;
  if (project_id && !store.projects.has(project_id)) throw new DaemonError(404, 'not_found', `No project ${project_id}.`, { resource: 'project', id: project_id });
  const plugin_version = params.get('plugin_version') || undefined;
  if (plugin_version && !base.plugin) throw new DaemonError(400, 'invalid_request', 'plugin_version needs plugin', { field: 'plugin_version' });
  const from = instantParam(params, 'from', Number.NEGATIVE_INFINITY);
  const to = instantParam(params, 'to', Number.POSITIVE_INFINITY);
  if (from >= to) throw new DaemonError(400, 'invalid_request', 'from must be before to', { field: 'from' });
  return { ...base, project_id, session_id, plugin_version, summarizer_model: params.get('summarizer_model') || undefined, from, to };
}

/** Which summaries and notes of the history contain the text (every summary is one of a few hundred combinations). */
function historyText(q: string) {
  const combos = new Uint8Array(SUMMARY_TEMPLATE_COUNT * HISTORY_FILES.length * HISTORY_FILES.length);
  for (let t = 0; t < SUMMARY_TEMPLATE_COUNT; t++) {
    for (let a = 0; a < HISTORY_FILES.length; a++) {
      for (let b = 0; b < HISTORY_FILES.length; b++) combos[(t * HISTORY_FILES.length + a) * HISTORY_FILES.length + b] = summaryText(t, a, b).toLowerCase().includes(q) ? 1 : 0;
    }
  }
  const notes = HISTORY_NOTES.map((n) => n.toLowerCase().includes(q));
  return (seed: number, row: number, hasSummary: boolean, flagged: boolean, editNotes: string | null | undefined): boolean => {
    if (editNotes !== undefined) {
      if ((editNotes ?? '').toLowerCase().includes(q)) return true;
    } else if (flagged) {
      const note = seededNote(seed, row);
      if (note >= 0 && notes[note]) return true;
    }
    if (!hasSummary) return false;
    const [t, a, b] = summaryParts(seed, row);
    return combos[(t * HISTORY_FILES.length + a) * HISTORY_FILES.length + b] === 1;
  };
}

const FLAG_CODE = new Map<string, number>([['unflagged', 0], ...FLAGS.slice(1).map((f, i) => [f as string, i + 1] as [string, number])]);

/** The rows matching the filter, per part (live first), each in row order (time order; ties in id order). */
function matching(store: Store, tables: Tables, f: CrossFilter): { part: Part; rows: Int32Array }[] {
  const lists: { part: Part; rows: Int32Array }[] = [];
  const flags = f.flag.length === 0 ? null : new Set(f.flag.map((x) => FLAG_CODE.get(x)));
  const strategies = f.strategy.length === 0 ? null : new Set(f.strategy.map((x) => STRATEGIES.indexOf(x as (typeof STRATEGIES)[number])));
  const triggers = f.trigger.length === 0 ? null : new Set(f.trigger.map((x) => TRIGGERS.indexOf(x as (typeof TRIGGERS)[number])));
  const text = f.q ? historyText(f.q) : null;
  for (const part of tables.parts) {
    const c = part.facts;
    // The generated history is the simulator's own: no recorded event is in it.
    if (f.origin === 'recorded' && part.kind === 'history') continue;
    const simulated = f.origin === undefined ? -1 : f.origin === 'simulated' ? 1 : 0;
    const sessions = new Uint8Array(part.sessions.length);
    part.sessions.forEach((s, i) => (sessions[i] = (!f.project_id || s.project_id === f.project_id) && (!f.session_id || s.id === f.session_id) ? 1 : 0));
    const agent = f.agent_path === undefined ? -1 : agentIndex(c.agents, f.agent_path);
    if (agent === -1 && f.agent_path !== undefined) continue;
    const plugin = f.plugin === undefined ? null : c.pluginVersion[f.plugin];
    if (f.plugin !== undefined && !plugin) continue;
    const version = f.plugin_version === undefined ? -1 : c.versions.indexOf(f.plugin_version);
    if (f.plugin_version !== undefined && version < 0) continue;
    const summarizer = f.summarizer_model === undefined ? -2 : f.summarizer_model === 'none' ? -1 : c.summarizers.indexOf(f.summarizer_model);
    if (f.summarizer_model !== undefined && f.summarizer_model !== 'none' && summarizer < 0) continue;
    const lo = Number.isFinite(f.from) ? lowerBound(c.at, f.from) : 0;
    const hi = Number.isFinite(f.to) ? lowerBound(c.at, f.to) : c.length;
    const seed = part.history?.spec.seed ?? 0;
    const out = new Int32Array(Math.max(0, hi - lo));
    let m = 0;
    for (let r = lo; r < hi; r++) {
      if (!sessions[c.session[r] as number]) continue;
      if (agent >= 0 && c.agent[r] !== agent) continue;
      if (flags && !flags.has(c.flag[r] as number)) continue;
      if (strategies && !strategies.has(c.strategy[r] as number)) continue;
      if (triggers && !triggers.has(c.trigger[r] as number)) continue;
      if (f.fallback !== undefined && (c.fallback[r] as number) >= 0 !== f.fallback) continue;
      if (plugin && (plugin[r] as number) < 0) continue;
      if (version >= 0 && plugin && plugin[r] !== version) continue;
      if (summarizer !== -2 && c.summarizer[r] !== summarizer) continue;
      if (!f.include_rolled_back && c.rolledBack[r]) continue;
      if (simulated !== -1 && c.simulated[r] !== simulated) continue;
      if (f.q) {
        if (part.records) {
          const rec = part.records[r] as CompactionRecord;
          if (!(rec.summary ?? '').toLowerCase().includes(f.q) && !(rec.operator_notes ?? '').toLowerCase().includes(f.q)) continue;
        } else {
          const edit = store.historyEdits.get(historyId(r));
          if (!(text as ReturnType<typeof historyText>)(seed, r, (c.summaryTokens[r] as number) >= 0, (c.flag[r] as number) > 0, edit ? edit.operator_notes : undefined)) continue;
        }
      }
      out[m++] = r;
    }
    lists.push({ part, rows: out.subarray(0, m) });
  }
  return lists;
}

/**
 * The matches in time order, as orderBy would sort them by created_at (ties by position: the live
 * part's rows first, each part's in row order), without sorting: each part's rows are already in
 * time order, so the parts are merged in one pass. Descending is the exact reverse.
 */
function byTime(lists: { part: Part; rows: Int32Array }[], descending: boolean): Int32Array {
  let merged: { ids: Int32Array; at: Float64Array } = { ids: new Int32Array(0), at: new Float64Array(0) };
  for (const { part, rows } of lists) {
    const ids = new Int32Array(rows.length);
    const at = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      ids[i] = globalId(part, rows[i] as number);
      at[i] = part.facts.at[rows[i] as number] as number;
    }
    merged = merge(merged, { ids, at });
  }
  return descending ? merged.ids.reverse() : merged.ids;
}

/** Two time-ordered lists as one; at one instant, the first list's first. */
function merge(a: { ids: Int32Array; at: Float64Array }, b: { ids: Int32Array; at: Float64Array }): { ids: Int32Array; at: Float64Array } {
  if (a.ids.length === 0) return b;
  if (b.ids.length === 0) return a;
  const n = a.ids.length + b.ids.length;
  const ids = new Int32Array(n);
  const at = new Float64Array(n);
  let i = 0;
  let j = 0;
  for (let k = 0; k < n; k++) {
    if (j >= b.ids.length || (i < a.ids.length && (a.at[i] as number) <= (b.at[j] as number))) {
      ids[k] = a.ids[i] as number;
      at[k] = a.at[i++] as number;
    } else {
      ids[k] = b.ids[j] as number;
      at[k] = b.at[j++] as number;
    }
  }
  return { ids, at };
}

/** The matches' global ids, part after part. */
function concat(lists: { part: Part; rows: Int32Array }[]): Int32Array {
  const out = new Int32Array(lists.reduce((n, l) => n + l.rows.length, 0));
  let k = 0;
  for (const { part, rows } of lists) for (let i = 0; i < rows.length; i++) out[k++] = globalId(part, rows[i] as number);
  return out;
}

type SortField = 'created_at' | 'threshold_estimate' | 'after_estimate' | 'compression_ratio' | 'cost_usd' | 'duration_ms' | 'summary_tokens';

/** A record's sort key from the columns, as the session ledger reads it from the record (null → -1). */
function sortKey(part: Part, row: number, field: SortField): number {
  const c = part.facts;
  switch (field) {
    case 'created_at':
      return c.at[row] as number;
    case 'threshold_estimate':
      return c.before[row] as number;
    case 'after_estimate':
      return c.after[row] as number;
    case 'compression_ratio': {
      const before = c.before[row] as number;
      return before > 0 ? (c.after[row] as number) / before : 1;
    }
    case 'cost_usd':
      return c.cost[row] as number;
    case 'duration_ms':
      return c.duration[row] as number;
    case 'summary_tokens':
      return c.summaryTokens[row] as number;
  }
}

const cache = new WeakMap<Store, { revision: number; lists: Map<string, Int32Array> }>();

/** The sorted global ids for a filter, cached per store revision (a few queries kept). */
export function sortedMatches(store: Store, f: CrossFilter): { tables: Tables; ids: Int32Array; key: string } {
  const tables = tablesOf(store);
  const key = JSON.stringify(f, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
  let entry = cache.get(store);
  if (!entry || entry.revision !== store.revision) {
    entry = { revision: store.revision, lists: new Map() };
    cache.set(store, entry);
  }
  const hit = entry.lists.get(key);
  if (hit) return { tables, ids: hit, key };
  const field = f.sort.replace(/^-/, '') as SortField;
  const lists = matching(store, tables, f);
  const descending = f.sort.startsWith('-');
  const ids =
    field === 'created_at'
      ? byTime(lists, descending)
      : orderBy(
          concat(lists),
          (gid) => {
            const [part, row] = locate(tables, gid);
            return sortKey(part, row, field);
          },
          descending,
        );
  entry.lists.set(key, ids);
  if (entry.lists.size > 8) entry.lists.delete(entry.lists.keys().next().value as string);
  return { tables, ids, key };
}

/** GET /compactions: one page of the cross-session ledger. */
export function crossLedger(store: Store, params: URLSearchParams): Schemas['CrossCompactionPage'] {
  const filter = parseCrossFilter(store, params);
  const limit = parseLimit(params.get('limit'));
  const { tables, ids, key } = sortedMatches(store, filter);
  const offset = decodeCursor(params.get('cursor'), key);
  const items: CompactionRecord[] = [];
  for (let i = offset; i < Math.min(ids.length, offset + limit); i++) {
    const [part, row] = locate(tables, ids[i] as number);
    items.push(recordAt(part, row, store.historyEdits));
  }
  const end = offset + items.length;
  const refs = new Map<string, Schemas['SessionRef']>();
  for (const r of items) {
    if (refs.has(r.session_id)) continue;
    const [part, index] = tables.sessionIndex.get(r.session_id) ?? [null, -1];
    const s = part?.sessions[index];
    if (s) refs.set(s.id, { id: s.id, project_id: s.project_id, title: s.title });
  }
  return { items, next_cursor: end < ids.length ? encodeCursor(end, key) : null, total: ids.length, sessions: [...refs.values()] };
}
