import { describe, expect, it } from 'vitest';
import { seededStore } from '../seeding/test-support/normal-seed';
import { rollbackCheckpoint } from '../services/checkpoint-service';
import { flagCompaction } from '../services/compaction-service';
import { advanceSession } from '../live/simulation';
import { compactionStats, fallbackKind, percentile, prepareSessionStats, sessionCompactionStats } from './stats';

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

  it('on the seeded daemon: counts add up, rolled-back events are left out, hook timings are ordered', async () => {
    const store = await seededStore();
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

describe('one session\'s stats, kept per state of the session', () => {
  it('answers from the cache until a write, and every write (flag, compaction, live turn, rollback) gives the fresh figures', async () => {
    const store = await seededStore();
    const session = [...store.sessions.values()].find((s) => s.checkpoints.some((c) => c.compaction_id && !c.rolled_back) && s.status === 'running') ??
      [...store.sessions.values()].find((s) => s.checkpoints.some((c) => c.compaction_id && !c.rolled_back));
    if (!session) throw new Error('no session with a checkpoint to roll back to');
    const fresh = () => compactionStats([session]);
    const first = sessionCompactionStats(store, session);
    expect(first).toEqual(fresh());
    expect(sessionCompactionStats(store, session)).toBe(first);
    const agentPath = session.agents[0]?.agent_path as string;
    expect(sessionCompactionStats(store, session, agentPath)).toEqual(compactionStats([session], agentPath));

    const record = session.compactions.find((r) => !r.rolled_back && r.operator_flag !== 'bad');
    if (!record) throw new Error('no record to flag');
    flagCompaction(store, session.id, record.id, { version: record.version, flag: 'bad' }, 'tester');
    const flagged = sessionCompactionStats(store, session);
    expect(flagged).not.toEqual(first);
    expect(flagged).toEqual(fresh());

    session.status = 'running';
    const before = session.compactions.length;
    advanceSession(store, session, { maxTurns: 400, untilCompaction: true });
    const live = sessionCompactionStats(store, session);
    expect(session.compactions.length).toBeGreaterThan(before);
    expect(live).not.toEqual(flagged);
    expect(live).toEqual(fresh());

    const checkpoint = session.checkpoints.find((c) => c.compaction_id && !c.rolled_back);
    if (!checkpoint) throw new Error('no checkpoint');
    rollbackCheckpoint(store, session.id, checkpoint.id, false, 'tester', null);
    const rolled = sessionCompactionStats(store, session);
    expect(rolled).not.toEqual(live);
    expect(rolled).toEqual(fresh());
    expect(sessionCompactionStats(store, session, agentPath)).toEqual(compactionStats([session], agentPath));
  });

  it("another session's write leaves the figures kept; prepared at seeding, the first answer is the kept one", async () => {
    const store = await seededStore();
    const [session, other] = [...store.sessions.values()].filter((s) => s.compactions.some((r) => !r.rolled_back));
    if (!session || !other) throw new Error('two sessions with records expected');
    prepareSessionStats(store);
    const kept = sessionCompactionStats(store, session);
    expect(kept).toEqual(compactionStats([session]));
    const record = other.compactions.find((r) => !r.rolled_back);
    if (!record) throw new Error('no record to flag');
    flagCompaction(store, other.id, record.id, { version: record.version, flag: record.operator_flag === 'bad' ? 'good' : 'bad' }, 'tester');
    expect(sessionCompactionStats(store, session)).toBe(kept);
    expect(sessionCompactionStats(store, other)).toEqual(compactionStats([other]));
  });

  it('a live turn that changes only the primary cost, without a store write, is not answered from the cache', async () => {
    const store = await seededStore();
    const session = [...store.sessions.values()][0];
    if (!session?.agents[0]) throw new Error('no session');
    const first = sessionCompactionStats(store, session);
    session.agents[0].primary_cost = { ...session.agents[0].primary_cost, output_usd: session.agents[0].primary_cost.output_usd + 1 };
    const next = sessionCompactionStats(store, session);
    expect(next.cost.primary_usd).toBeCloseTo(first.cost.primary_usd + 1, 6);
    expect(next).toEqual(compactionStats([session]));
  });
});
