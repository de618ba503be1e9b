import { PLUGINS } from '../../../store/catalog';
import { concatFacts, Dict, emptyFacts, emptySilent, flagCode, permuteFacts, permuteSilent, RESULT_KINDS, SILENT_FAILED, SILENT_NOOP, type FactColumns, type SilentColumns, type Slot } from '../../../store/facts';
import { csr, iota, orderBy } from '../../../store/row-order';
import { HISTORY_ID_PREFIX } from '../../../store/history';
import type { Store } from '../../../store/store';
import type { AuditEvent, CompactionRecord } from '../../../store/types';
import { effectiveConfig } from '../../settings/config';
import { primaryUsdOf } from '../views';
import { fallbackKind } from '../stats';
import { STRATEGIES, TRIGGERS } from '../../../../src/domain/contract/enums.gen';
import type { Part, SessionMeta } from './tables';

const STRATEGY_CODE = new Map<string, number>(STRATEGIES.map((s, i) => [s, i]));
const TRIGGER_CODE = new Map<string, number>(TRIGGERS.map((s, i) => [s, i]));
const KIND_CODE = new Map<string, number>(RESULT_KINDS.map((k, i) => [k, i + 1]));

const catalogVersion = (plugin: string) => PLUGINS.find((p) => p.name === plugin)?.version ?? 'unknown';

/** The dictionaries a live record's row is coded with (agents: the records' paths only, before the silent rows add theirs). */
interface LiveDicts {
  slots: Dict;
  pluginNames: Dict;
  agents: Dict;
  summarizers: Dict;
  fallbacks: Dict;
  versions: Dict;
}

/**
 * The live part with what folding appended records into it needs: the store's record rewrites
 * and session ids it was built at, and how many records each session held then.
 */
export interface LiveBuild {
  part: Part;
  dicts: LiveDicts;
  rewrites: number;
  sessionIds: string[];
  seen: number[];
}

const slotKey = (p: CompactionRecord['plugins_fired'][number]) => `${p.name}\u0000${p.hook}\u0000${p.role}`;
const counted = (r: CompactionRecord) => !r.dry_run && !r.id.startsWith(HISTORY_ID_PREFIX);
const byId = (a: CompactionRecord, b: CompactionRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** One record's row (all but primaryUsd, which spreadPrimaryUsd writes over all rows). */
function fillRow(f: FactColumns, row: number, r: CompactionRecord, sessions: Map<string, number>, d: LiveDicts): void {
  f.at[row] = Date.parse(r.created_at);
  f.session[row] = sessions.get(r.session_id) ?? -1;
  f.agent[row] = d.agents.id(r.agent_path);
  f.trigger[row] = TRIGGER_CODE.get(r.trigger) ?? 0;
  f.strategy[row] = STRATEGY_CODE.get(r.strategy) ?? 0;
  f.before[row] = r.threshold_estimate;
  f.after[row] = r.after_estimate;
  f.window[row] = r.context_window;
  f.summaryTokens[row] = r.summary_tokens ?? -1;
  f.summarizer[row] = r.summarizer_model === null ? -1 : d.summarizers.id(r.summarizer_model);
  f.cost[row] = r.cost_usd;
  f.duration[row] = r.duration_ms;
  f.fallback[row] = r.fallback_occurred ? d.fallbacks.id(fallbackKind(r)) : -1;
  f.flag[row] = flagCode(r.operator_flag);
  f.flaggedAt[row] = r.flagged_at ? Date.parse(r.flagged_at) : Number.NaN;
  f.rolledBack[row] = r.rolled_back ? 1 : 0;
  f.simulated[row] = r.provenance.origin === 'simulated' ? 1 : 0;
  if (r.reread_after) {
    f.rereadTokens[row] = r.reread_after.adjusted.tokens;
    f.rereadCalls[row] = r.reread_after.adjusted.calls;
  }
  for (const p of r.plugins_fired) {
    const slot = d.slots.find(slotKey(p));
    (f.slotMs[slot] as Float64Array)[row] = p.duration_ms;
    (f.slotKind[slot] as Uint8Array)[row] = KIND_CODE.get(p.result_kind) ?? 0;
    (f.pluginVersion[p.name] as Int32Array)[row] = d.versions.id(p.version ?? catalogVersion(p.name));
  }
}

/** True when every value of the record already has its code (a new one would change the columns' layout or numbering). */
function coded(r: CompactionRecord, d: LiveDicts): boolean {
  return (
    d.agents.find(r.agent_path) >= 0 &&
    (r.summarizer_model === null || d.summarizers.find(r.summarizer_model) >= 0) &&
    (!r.fallback_occurred || d.fallbacks.find(fallbackKind(r)) >= 0) &&
    r.plugins_fired.every((p) => d.slots.find(slotKey(p)) >= 0 && d.versions.find(p.version ?? catalogVersion(p.name)) >= 0)
  );
}

/** Each row's share of its agent's primary-model spend (the agent's spend over its live records). */
function spreadPrimaryUsd(store: Store, sessions: SessionMeta[], f: FactColumns, agents: readonly string[]): void {
  const stride = agents.length;
  // Keyed by (session, agent): rows of a record whose session is unknown (-1) get 0, as its agent is.
  const count = new Float64Array((sessions.length + 1) * stride);
  const key = (row: number) => ((f.session[row] as number) + 1) * stride + (f.agent[row] as number);
  for (let row = 0; row < f.length; row++) count[key(row)] = (count[key(row)] as number) + 1;
  const share = new Float64Array(count.length);
  for (let k = stride; k < count.length; k++) {
    if (count[k] === 0) continue;
    const meta = sessions[Math.floor(k / stride) - 1] as SessionMeta;
    const path = agents[k % stride];
    const agent = store.sessions.get(meta.id)?.agents.find((a) => a.agent_path === path);
    share[k] = (agent ? primaryUsdOf(agent) : 0) / (count[k] as number);
  }
  for (let row = 0; row < f.length; row++) f.primaryUsd[row] = share[key(row)] as number;
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

function sessionMetas(store: Store): SessionMeta[] {
  return [...store.sessions.values()].map((s) => ({ id: s.id, project_id: s.project_id, title: s.title, status: s.status }));
}

/**
 * The part around its record rows (in time order, with their id order): what is read from the
 * store's current state each time (sessions, the agents' spend, the silent rows) is read here,
 * so a part with appended rows equals one built whole.
 */
function assemble(store: Store, sessions: SessionMeta[], facts: FactColumns, records: CompactionRecord[], ids: [Int32Array, Int32Array], dicts: LiveDicts): LiveBuild {
  const index = new Map(sessions.map((s, i) => [s.id, i]));
  const agents = new Dict(dicts.agents.values);
  facts.agents = dicts.agents.values.slice();
  spreadPrimaryUsd(store, sessions, facts, facts.agents);
  const { silent, events } = liveSilent(store, index, agents);
  facts.sessions = sessions.map((s) => s.id);
  silent.sessions = facts.sessions;
  // Both tables share one agent dictionary (the silent rows may add paths).
  facts.agents = agents.values;
  silent.agents = agents.values;
  const [factStart, factsBySession] = csr(sessions.length, facts.length, (r) => facts.session[r] as number);
  const [silentStart, silentBySession] = csr(sessions.length, silent.length, (r) => silent.session[r] as number);
  const part: Part = { kind: 'live', facts, silent, sessions, factStart, factsBySession, silentStart, silentBySession, offset: 0, records, byId: ids[0], idRank: ids[1], silentEvents: events, history: null };
  const seen = [...store.sessions.values()].map((s) => s.compactions.length);
  return { part, dicts, rewrites: store.recordRewrites, sessionIds: facts.sessions, seen };
}

/** The stored sessions' records and the audit log's silent events in columns, built whole. */
export function buildLive(store: Store): LiveBuild {
  const sessions = sessionMetas(store);
  const index = new Map(sessions.map((s, i) => [s.id, i]));
  const records = [...store.sessions.values()].flatMap((s) => s.compactions.filter(counted)).sort(byId);
  const dicts: LiveDicts = { slots: new Dict(), pluginNames: new Dict(), agents: new Dict(), summarizers: new Dict(), fallbacks: new Dict(), versions: new Dict() };
  for (const r of records) {
    for (const p of r.plugins_fired) {
      dicts.slots.id(slotKey(p));
      dicts.pluginNames.id(p.name);
    }
  }
  const slotList: Slot[] = dicts.slots.values.map((k) => {
    const [plugin, hook, role] = k.split('\u0000') as [string, Slot['hook'], Slot['role']];
    return { plugin, hook, role };
  });
  const f = emptyFacts(records.length, slotList, dicts.pluginNames.values);
  records.forEach((r, row) => fillRow(f, row, r, index, dicts));
  f.summarizers = dicts.summarizers.values;
  f.fallbackKinds = dicts.fallbacks.values;
  f.versions = dicts.versions.values;
  const order = orderBy(iota(records.length), (row) => f.at[row] as number, false);
  // Rows were numbered in id order before the sort by time: order[k] is the id rank of row k.
  const rowOfRank = new Int32Array(order.length);
  order.forEach((rank, row) => (rowOfRank[rank] = row));
  return assemble(store, sessions, permuteFacts(f, order), Array.from(order, (row) => records[row] as CompactionRecord), [rowOfRank, order], dicts);
}

/**
 * The part with the records appended since `prev` folded in, or null when the store changed in a
 * way only a whole build follows: a record rewritten or removed (store.recordRewrites), a session
 * added or removed, or a value the dictionaries lack. Appended records may be older than rows
 * already there (a session seeded into the future): each goes to its place in time and id order.
 */
export function appendLive(store: Store, prev: LiveBuild): LiveBuild | null {
  if (store.recordRewrites !== prev.rewrites || store.sessions.size !== prev.sessionIds.length) return null;
  const added: CompactionRecord[] = [];
  let i = 0;
  for (const [id, s] of store.sessions) {
    const seen = prev.seen[i] as number;
    if (prev.sessionIds[i] !== id || s.compactions.length < seen) return null;
    for (let k = seen; k < s.compactions.length; k++) if (counted(s.compactions[k] as CompactionRecord)) added.push(s.compactions[k] as CompactionRecord);
    i += 1;
  }
  if (added.some((r) => Number.isNaN(Date.parse(r.created_at)) || !coded(r, prev.dicts))) return null;
  const old = prev.part;
  const sessions = sessionMetas(store);
  const index = new Map(sessions.map((s, k) => [s.id, k]));
  const extra = emptyFacts(added.length, old.facts.slots, Object.keys(old.facts.pluginVersion));
  added.forEach((r, k) => fillRow(extra, k, r, index, prev.dicts));
  // Rows 0…n-1 the old ones (time order), n… the added ones (as listed).
  const all = concatFacts(old.facts, extra);
  const records = (old.records as CompactionRecord[]).concat(added);
  const rankOf = idRanks(old, added);
  const order = timeOrder(all, records, old.facts.length);
  const idRank = new Int32Array(order.length);
  const rowOfRank = new Int32Array(order.length);
  const ordered: CompactionRecord[] = new Array(order.length);
  for (let row = 0; row < order.length; row++) {
    const from = order[row] as number;
    idRank[row] = rankOf[from] as number;
    rowOfRank[rankOf[from] as number] = row;
    ordered[row] = records[from] as CompactionRecord;
  }
  return assemble(store, sessions, permuteFacts(all, order), ordered, [rowOfRank, idRank], prev.dicts);
}

/** Rows in (time, id) order, as a whole build orders them: the first n already are, the rest each go to their place. */
function timeOrder(f: FactColumns, records: CompactionRecord[], n: number): Int32Array {
  const before = (a: number, b: number) => (f.at[a] as number) < (f.at[b] as number) || (f.at[a] === f.at[b] && (records[a] as CompactionRecord).id < (records[b] as CompactionRecord).id);
  const incoming = Array.from({ length: records.length - n }, (_, k) => n + k).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  const order = new Int32Array(records.length);
  let a = 0;
  let at = 0;
  for (const row of incoming) {
    let lo = a;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(mid, row)) lo = mid + 1;
      else hi = mid;
    }
    for (; a < lo; a++) order[at++] = a;
    order[at++] = row;
  }
  for (; a < n; a++) order[at++] = a;
  return order;
}

/** Each row's rank in id order, over the old rows 0…n-1 and the added rows n…. */
function idRanks(old: Part, added: CompactionRecord[]): Int32Array {
  const records = old.records as CompactionRecord[];
  const rowOfRank = old.byId as Int32Array;
  const n = records.length;
  const incoming = added.map((r, k) => ({ id: r.id, row: n + k })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const merged = new Int32Array(n + added.length);
  let a = 0;
  let rank = 0;
  for (const { id, row } of incoming) {
    // The old ranks before this id (binary search from where the previous one went).
    let lo = a;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((records[rowOfRank[mid] as number] as CompactionRecord).id < id) lo = mid + 1;
      else hi = mid;
    }
    merged.set(rowOfRank.subarray(a, lo), rank);
    rank += lo - a;
    a = lo;
    merged[rank++] = row;
  }
  merged.set(rowOfRank.subarray(a), rank);
  const idRank = new Int32Array(merged.length);
  for (let r = 0; r < merged.length; r++) idRank[merged[r] as number] = r;
  return idRank;
}
