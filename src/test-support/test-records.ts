/** Compaction records and dry-run results for unit tests and benchmarks: valid against the contract, varied by index. */
import type { CompactionRecord, Schemas } from '../domain/contract/types';
import { STRATEGIES, TRIGGERS } from '../domain/contract/enums.gen';

const BASE: CompactionRecord = {
  id: 'cmp_0001',
  session_id: 'ses_test',
  run_id: 'run_1',
  agent_path: 'primary',
  created_at: '2026-06-01T10:00:00.000Z',
  trigger: 'threshold_crossed',
  strategy: 'summarize',
  threshold_estimate: 172_000,
  after_estimate: 116_000,
  before_parts: { messages_tokens: 151_808, base_tokens: 12_000, reserve_tokens: 8_192 },
  after_parts: { messages_tokens: 95_808, base_tokens: 12_000, reserve_tokens: 8_192 },
  reread_after: null,
  context_window: 200_000,
  context_window_source: 'catalog',
  window_upper: 0.85,
  window_lower: 0.6,
  messages_before: 215,
  messages_after: 126,
  compression_ratio: 116_000 / 172_000,
  superseded_message_ids: ['m1', 'm2', 'm3'],
  summary_message_id: 'cmp_0001_summary',
  summary: 'Goal: fix the estimator.',
  summary_tokens: 443,
  key_facts: [],
  summarizer_model: 'anthropic:claude-haiku-4-5',
  plugins_fired: [
    { name: 'hindsight', role: 'observer', hook: 'pre_compact', duration_ms: 331, result_kind: 'inject' },
    { name: 'guard-rails', role: 'observer', hook: 'pre_compact', duration_ms: 2, result_kind: 'null' },
  ],
  plugin_cost: {
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
    input_tokens: 2_000,
    cache_read_tokens: 54_000,
    cache_write_tokens: 0,
    output_tokens: 443,
    cost_usd: 0.009615,
    parts: { input_usd: 0.002, cache_read_usd: 0.0054, cache_write_usd: 0, output_usd: 0.002215 },
  },
  cost_usd: 0.009615,
  duration_ms: 2_400,
  prune: null,
  fallback_occurred: false,
  fallback_reason: null,
  fallback_chain: [{ strategy: 'summarize', outcome: 'ok', reason: null }],
  dry_run: false,
  operator_flag: null,
  operator_notes: null,
  flagged_by: null,
  flagged_at: null,
  version: 1,
  rolled_back: false,
  provenance: { origin: 'simulated', tokens_before: 'estimated', tokens_after: 'estimated', cost: 'computed', summary: 'computed' },
};

export function makeRecord(overrides: Partial<CompactionRecord> = {}): CompactionRecord {
  return { ...BASE, ...overrides };
}

const AGENTS = ['primary', 'primary/explore', 'primary/review'];
const FLAGS = [null, null, 'good', 'bad', 'neutral'] as const;

/** `count` records, newest first, deterministic. */
export function makeRecords(count: number, sessionId = 'ses_test'): CompactionRecord[] {
  const start = Date.parse('2026-06-01T00:00:00.000Z');
  const out: CompactionRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const n = count - i;
    const before = 150_000 + ((n * 7919) % 30_000);
    const after = Math.round(before * (0.4 + ((n * 31) % 30) / 100));
    const fallback = n % 17 === 0;
    const strategy = STRATEGIES[n % STRATEGIES.length] ?? 'drop';
    out.push(
      makeRecord({
        id: `cmp_${String(n).padStart(6, '0')}`,
        session_id: sessionId,
        run_id: `run_${n}`,
        agent_path: AGENTS[n % AGENTS.length] ?? 'primary',
        created_at: new Date(start + n * 60_000).toISOString(),
        trigger: TRIGGERS[n % TRIGGERS.length] ?? 'threshold_crossed',
        strategy,
        threshold_estimate: before,
        after_estimate: after,
        compression_ratio: after / before,
        messages_before: 100 + (n % 120),
        messages_after: 40 + (n % 60),
        summary: strategy === 'drop' ? null : `Summary ${n}: the agent refactored module ${n % 13}, "quoted", =SUM(A1)`,
        summary_tokens: strategy === 'drop' ? null : 200 + ((n * 37) % 1400),
        cost_usd: strategy === 'drop' ? 0 : 0.001 + (n % 50) / 1000,
        duration_ms: 50 + ((n * 13) % 4000),
        fallback_occurred: fallback,
        fallback_reason: fallback ? 'delegate: compactor_timeout after 30000 ms' : null,
        operator_flag: FLAGS[n % FLAGS.length] ?? null,
        operator_notes: n % 11 === 0 ? `note ${n}, with a comma\nand a line` : null,
        version: 1 + (n % 3),
      }),
    );
  }
  return out;
}

/** A dry run's answer with these figures (the messages left out), for preview and comparison tests. */
export function makeDryRunResult(after: number, kept: number, cost: number, fallback: string | null = null): Schemas['DryRunResult'] {
  return {
    before_estimate: 100_000,
    messages: [],
    record: {
      strategy: 'drop', after_estimate: after, messages_after: kept, messages_before: 300, superseded_message_ids: ['a', 'b'], summary_tokens: null,
      cost_usd: cost, summarizer_model: null, fallback_occurred: fallback !== null, fallback_reason: fallback, window_upper: 0.85, window_lower: 0.6,
      compression_ratio: after / 100_000, context_window: 200_000,
    },
  } as unknown as Schemas['DryRunResult'];
}

/** A session's cost split with its parts (the primary all output, the compactor all input), adding up to primary + compactor unless `total` says otherwise. */
export function makeCost(primary: number, compactor: number, total = primary + compactor): Schemas['CostBreakdown'] {
  return {
    primary_usd: primary,
    compactor_usd: compactor,
    total_usd: total,
    primary_parts: { input_usd: 0, cache_read_usd: 0, cache_write_usd: 0, output_usd: primary },
    compactor_parts: { input_usd: compactor, cache_read_usd: 0, cache_write_usd: 0, output_usd: 0 },
    primary_source: 'computed',
  };
}
