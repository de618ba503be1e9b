/**
 * Test data for the aggregates: a store with the normal-scale generated history and a few
 * stored sessions whose records and audit events come from a seeded generator (ties in time,
 * fallbacks, flags, rolled-back records, plugin versions, no-ops and failures without a record,
 * a retry that still overflows), plus the naive (object-by-object) reading of all of it that
 * the brute-force tests compare the column code with.
 */

import { historyId, materialize } from '../../../store/history';
import { createRng, type Rng } from '../../../store/prng';
import { Store } from '../../../store/store';
import type { AgentState, CompactionRecord, SessionState } from '../../../store/types';
import { attachHistory, historyProjects } from '../../seeding/history';
import { STRATEGIES, TRIGGERS } from '../../../../src/domain/contract/enums.gen';

export const ANCHOR = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;

function agent(path: string, plugins: string[], own: Record<string, unknown> = {}): AgentState {
  return { agent_path: path, parent_path: path === 'primary' ? null : 'primary', name: path, model_alias: 'sonnet', messages: [], own, config_version: 1, primary_cost: { input_usd: 0.5, cache_read_usd: 0.25, cache_write_usd: 0.25, output_usd: 0.5 }, plugins, summarizer_fails: false };
}

function session(id: string, project: string, status: SessionState['status'], agents: AgentState[]): SessionState {
  return {
    id,
    project_id: project,
    title: `Live ${id}`,
    status,
    created_at: new Date(ANCHOR - 200 * HOUR).toISOString(),
    updated_at: new Date(ANCHOR - HOUR).toISOString(),
    source: { kind: 'generated', name: id },
    agents,
    pending_checkpoint_id: null,
    compactions: [],
    checkpoints: [],
    proposals: {},
    run_seq: 0,
  };
}

function record(store: Store, rng: Rng, s: SessionState, path: string, at: number, over: Partial<CompactionRecord> = {}): CompactionRecord {
  const id = store.nextId('cmp');
  const strategy = rng.pick(STRATEGIES);
  const window = 200_000;
  const before = rng.int(150_000, 210_000);
  const after = rng.int(40_000, before - 1);
  const summary = strategy === 'drop' ? null : `Summary ${id}: ${rng.pick(['kept the plan', 'lost the migration file', 'fine handoff'])}`;
  const fallback = strategy === 'delegate' && rng.chance(0.3);
  const flag = rng.pick([null, null, 'good', 'bad', 'neutral'] as const);
  // A plugin has one version at a time; records before versions were recorded carry none.
  const hindsight = rng.chance(0.5) ? { version: rng.pick(['0.4.1', '0.4.2']) } : {};
  const plugins: CompactionRecord['plugins_fired'] = [
    { name: 'hindsight', role: 'observer', hook: 'pre_compact', duration_ms: rng.int(10, 400), result_kind: rng.chance(0.1) ? 'error' : 'inject', ...hindsight },
    { name: 'memory-markdown', role: 'observer', hook: 'post_compact', duration_ms: rng.int(1, 40), result_kind: 'null' },
  ];
  if (strategy === 'delegate') plugins.push({ name: 'hindsight', role: 'compactor', hook: 'pre_compact', duration_ms: fallback ? 30_000 : rng.int(300, 2_400), result_kind: fallback ? 'error' : 'compactor_result', ...hindsight });
  return {
    id,
    session_id: s.id,
    run_id: `run_${id}`,
    agent_path: path,
    created_at: new Date(at).toISOString(),
    trigger: rng.pick(TRIGGERS),
    strategy,
    threshold_estimate: before,
    after_estimate: after,
    context_window: window,
    context_window_source: 'catalog',
    window_upper: 0.85,
    window_lower: 0.6,
    messages_before: 100,
    messages_after: 40,
    compression_ratio: after / before,
    superseded_message_ids: [],
    summary_message_id: summary ? `${id}_summary` : null,
    summary,
    summary_tokens: summary ? rng.int(100, 1_400) : null,
    key_facts: [],
    summarizer_model: summary ? rng.pick(['anthropic:claude-haiku-4-5', 'openai:gpt-5.1']) : null,
    plugins_fired: plugins,
    plugin_cost: null,
    cost_usd: summary ? rng.int(1, 50_000) / 1e6 : 0,
    duration_ms: rng.int(5, 5_000),
    prune: null,
    fallback_occurred: fallback,
    fallback_reason: fallback ? `compactor_timeout: after ${rng.int(1, 9)}000 ms` : null,
    fallback_chain: fallback ? [{ strategy: 'delegate', outcome: 'timeout', reason: 'compactor_timeout' }, { strategy: 'drop', outcome: 'ok', reason: null }] : [{ strategy, outcome: 'ok', reason: null }],
    dry_run: false,
    operator_flag: flag,
    operator_notes: flag && rng.chance(0.5) ? rng.pick(['lost the plan', 'Good summary', 'migration missing']) : null,
    flagged_by: flag ? 'ana' : null,
    flagged_at: flag ? new Date(at + rng.int(1, 48) * HOUR).toISOString() : null,
    version: flag ? 2 : 1,
    rolled_back: rng.chance(0.05),
    before_parts: null,
    after_parts: null,
    // Every third event has a transcript's re-read measure (by its number, so the seeded sequence stays as it was).
    reread_after: store.idCounter % 3 === 0 ? rereadFigures(store.idCounter % 7, store.idCounter * 113) : null,
    provenance: { origin: rng.chance(0.3) ? 'recorded' : 'simulated', tokens_before: 'estimated', tokens_after: 'estimated', cost: 'computed', summary: summary ? 'computed' : null },
    ...over,
  };
}

/** A re-read measure with `calls` adjusted calls of `tokens` tokens in all. */
function rereadFigures(calls: number, tokens: number): CompactionRecord['reread_after'] {
  return { window_turns: 20, raw: { calls, tokens }, adjusted: { calls, tokens, files: calls }, excluded: { written_since_read: 0, read_before_edit: 0 }, not_understood: 0, not_in_summary: null, calls: [] };
}

function silent(store: Store, s: SessionState, path: string, at: number, kind: 'noop' | 'failed', trigger: CompactionRecord['trigger'], reason: string): void {
  const run = `run_silent_${store.idCounter}`;
  const iso = new Date(at).toISOString();
  store.addAudit({ type: 'compaction.triggered', at: iso, session_id: s.id, run_id: run, agent_path: path, compaction_id: null, actor: 'harness', data: { trigger, threshold_estimate: 190_000, strategy: 'drop' } });
  store.addAudit({
    type: kind === 'noop' ? 'compaction.noop' : 'compaction.failed',
    at: iso,
    session_id: s.id,
    run_id: run,
    agent_path: path,
    compaction_id: null,
    actor: 'harness',
    data: kind === 'noop' ? { reason, strategy: 'drop', dry_run: false } : { attempted_strategy: 'drop', fallback_strategy: null, reason, fallback_chain: [], dry_run: false },
  });
}

/** The generated history (normal scale) and three stored sessions of seeded traffic. */
export function testStore(seed = 5, withHistory = true): Store {
  const store = new Store();
  store.clock = () => new Date(ANCHOR);
  store.projects.set('live', { id: 'live', name: 'Live' });
  store.projects.set('empty', { id: 'empty', name: 'Nothing here' });
  if (withHistory) {
    for (const p of historyProjects('normal')) store.projects.set(p.id, p);
    store.historySpec = { seed, scale: 'normal', anchor: ANCHOR };
    attachHistory(store);
  }
  const rng = createRng(seed);
  const a = session('ses_live_a', 'live', 'idle', [agent('primary', ['hindsight', 'memory-markdown']), agent('primary/explore', ['memory-markdown'])]);
  const b = session('ses_live_b', 'live', 'context_overflow', [agent('primary', ['hindsight', 'memory-markdown'], { strategy: 'delegate', 'delegate.plugin': 'hindsight' })]);
  const c = session('ses_live_c', 'payments-api', 'running', [agent('primary', ['guard-rails'])]);
  for (const s of [a, b, c]) store.addSession(s);
  // Steady traffic, then a tight burst on b, with ties in time.
  for (let i = 0; i < 60; i++) {
    const s = rng.pick([a, a, b, c]);
    const at = ANCHOR - rng.int(1, 240) * HOUR + (i % 5 === 0 ? 0 : rng.int(0, 59) * 60_000);
    store.addCompaction(s, record(store, rng, s, s === a && rng.chance(0.3) ? 'primary/explore' : 'primary', at));
  }
  const burstStart = ANCHOR - 30 * HOUR;
  for (let i = 0; i < 7; i++) {
    const at = burstStart + i * 60_000 + (i === 3 ? 0 : 0);
    const before = 190_000;
    store.addCompaction(b, record(store, rng, b, 'primary', i === 4 ? burstStart + 3 * 60_000 : at, { threshold_estimate: before, after_estimate: i < 4 ? 186_000 : 120_000, compression_ratio: i < 4 ? 186_000 / before : 120_000 / before, rolled_back: false }));
  }
  // A reactive retry that still overflowed the window.
  store.addCompaction(b, record(store, rng, b, 'primary', burstStart + 20 * 60_000, { trigger: 'provider_overflow_retry', threshold_estimate: 210_000, after_estimate: 204_000, compression_ratio: 204_000 / 210_000, rolled_back: false }));
  for (let i = 0; i < 4; i++) silent(store, b, 'primary', burstStart + (30 + i) * 60_000, 'noop', 'threshold_crossed', 'strategy superseded zero messages');
  silent(store, b, 'primary', burstStart + 40 * 60_000, 'failed', 'provider_overflow_retry', 'lower target 120000 tokens unreachable: at best 150000 tokens remain');
  silent(store, a, 'primary', ANCHOR - 100 * HOUR, 'failed', 'threshold_crossed', 'lower target 90000 tokens unreachable: at best 95000 tokens remain');
  silent(store, c, 'primary', ANCHOR - 10 * HOUR, 'noop', 'scheduled', 'strategy superseded zero messages');
  return store;
}

export interface NaiveRecord extends CompactionRecord {
  project_id: string;
}

export interface NaiveSilent {
  at: number;
  session_id: string;
  project_id: string;
  agent_path: string;
  kind: 'noop' | 'failed';
  strategy: string;
  trigger: string;
  reason: string;
  plugin: string | null;
  version: string | null;
}

/** Every record, object by object: the stored sessions' and every history row materialized. */
export function allRecords(store: Store): NaiveRecord[] {
  const out: NaiveRecord[] = [];
  for (const s of store.sessions.values()) for (const r of s.compactions) out.push({ ...r, project_id: s.project_id });
  const h = store.history;
  if (h) {
    for (let row = 0; row < h.facts.length; row++) {
      const r = materialize(h, row, store.historyEdits.get(historyId(row)));
      out.push({ ...r, project_id: h.sessions[h.facts.session[row] as number]?.project_id as string });
    }
  }
  return out;
}

/** Every no-op and failure without a record, from the audit log and the history's silent rows. */
export function allSilent(store: Store): NaiveSilent[] {
  const out: NaiveSilent[] = [];
  const trig = new Map<string, string>();
  for (const e of store.audit) {
    if (e.type === 'compaction.triggered') trig.set(`${e.run_id}|${e.agent_path}`, String(e.data.trigger));
    if ((e.type === 'compaction.noop' || e.type === 'compaction.failed') && e.compaction_id === null) {
      const s = store.sessions.get(e.session_id) as SessionState;
      out.push({ at: Date.parse(e.at), session_id: e.session_id, project_id: s.project_id, agent_path: e.agent_path as string, kind: e.type === 'compaction.noop' ? 'noop' : 'failed', strategy: String(e.data.strategy ?? e.data.attempted_strategy), trigger: trig.get(`${e.run_id}|${e.agent_path}`) ?? 'threshold_crossed', reason: String(e.data.reason), plugin: null, version: null });
    }
  }
  const h = store.history;
  if (h) {
    const t = h.silent;
    for (let r = 0; r < t.length; r++) {
      const s = h.sessions[t.session[r] as number] as { id: string; project_id: string };
      out.push({
        at: t.at[r] as number,
        session_id: s.id,
        project_id: s.project_id,
        agent_path: t.agents[t.agent[r] as number] as string,
        kind: t.kind[r] === 0 ? 'noop' : 'failed',
        strategy: STRATEGIES[t.strategy[r] as number] as string,
        trigger: TRIGGERS[t.trigger[r] as number] as string,
        reason: t.reasons[t.reason[r] as number] as string,
        plugin: (t.plugin[r] as number) >= 0 ? (t.plugins[t.plugin[r] as number] as string) : null,
        version: (t.version[r] as number) >= 0 ? (t.versions[t.version[r] as number] as string) : null,
      });
    }
  }
  return out;
}

/** Nearest-rank percentile by sorting (the reference for the selection code). */
export function naivePercentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] as number;
}
