import { describe, expect, it } from 'vitest';
import { loadFixturesFromDisk } from '../importers/node-fixtures';
import { seedStore } from './seed';
import { compactionStats, fallbackKind, percentile } from './stats';

describe('compaction stats', () => {
  it('nearest-rank percentiles', () => {
    expect(percentile([], 50)).toBe(0);
    expect(percentile([5], 95)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
  });

  it('groups fallbacks by the first failing step, not by the message ids in the reason', () => {
    const chain = [{ strategy: 'delegate' as const, outcome: 'invalid' as const, reason: 'compactor_split_tool_pair: unit m1 kept partly' }, { strategy: 'drop' as const, outcome: 'ok' as const, reason: null }];
    const record = { fallback_chain: chain, fallback_reason: 'compactor_split_tool_pair: unit m1 kept partly' } as Parameters<typeof fallbackKind>[0];
    expect(fallbackKind(record)).toBe('delegate: compactor_split_tool_pair');
    expect(fallbackKind({ ...record, fallback_chain: [{ strategy: 'summarize', outcome: 'error', reason: 'summarizer x:y failed' }] })).toBe('summarize: error');
  });

  it('on the seeded daemon: counts add up, rolled-back events are left out, hook timings are ordered', () => {
    const store = seedStore({ seed: 24, scale: 'normal', transcripts: loadFixturesFromDisk() });
    const sessions = [...store.sessions.values()];
    const stats = compactionStats(sessions);
    const applied = sessions.flatMap((s) => s.compactions).filter((r) => !r.rolled_back);
    expect(stats.events_total).toBe(applied.length);
    for (const list of [stats.by_trigger, stats.by_strategy, stats.by_flag]) expect(list.reduce((n, c) => n + c.count, 0)).toBe(stats.events_total);
    expect(stats.fallback_reasons.reduce((n, c) => n + c.count, 0)).toBe(stats.fallback_total);
    expect(stats.by_trigger.map((c) => c.key)).toEqual(expect.arrayContaining(['threshold_crossed', 'operator_manual', 'hook_requested']));
    for (const t of stats.hook_timings) {
      expect(t.p50_ms).toBeLessThanOrEqual(t.p95_ms);
      expect(t.p95_ms).toBeLessThanOrEqual(t.max_ms);
      expect(t.result_kinds.reduce((n, c) => n + c.count, 0)).toBe(t.count);
    }
    expect(stats.cost.total_usd).toBeCloseTo(stats.cost.primary_usd + stats.cost.compactor_usd, 5);
  });
});
