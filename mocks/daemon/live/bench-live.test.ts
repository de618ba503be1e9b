import { describe, expect, it } from 'vitest';
import { validateComponent } from '../../../src/domain/contract/validator';
import type { EventFrame } from '../../store/types';
import { emitLiveBurst, parseLiveBurst, type BurstClock } from './bench-live';
import { DaemonError } from '../errors';
import { filterCompactions, parseCompactionFilter } from '../read-models/queries';
import { seededStore } from '../seeding/test-support/normal-seed';
import { toSummary } from '../read-models/views';

/** A clock that only moves when the burst waits, recording each wait. */
function fakeClock(): BurstClock & { waits: number[] } {
  let t = 1_000_000;
  const waits: number[] = [];
  return {
    waits,
    now: () => t,
    elapsed: () => t,
    wait: async (ms) => {
      waits.push(ms);
      t += ms;
    },
  };
}

describe('live burst (the benchmark\'s live-latency source)', () => {
  it('publishes each record as kaged announces an applied compaction, paced at the rate, with its send time', async () => {
    const store = await seededStore();
    const session = store.session('ses_gen_refactor');
    expect(session).toBeDefined();
    const before = session?.compactions.length ?? 0;
    const frames: EventFrame[] = [];
    store.subscribe((f) => frames.push(f));
    const clock = fakeClock();

    const result = await emitLiveBurst(store, { session_id: 'ses_gen_refactor', count: 4, rate: 50 }, clock);

    expect(clock.waits).toEqual([20, 20, 20]);
    expect(result.sent.map((s) => s.sent_at_ms)).toEqual([1_000_000, 1_000_020, 1_000_040, 1_000_060]);
    expect(result.sent.map((s) => s.due_at_ms)).toEqual([1_000_000, 1_000_020, 1_000_040, 1_000_060]);
    expect(result.achieved_rate).toBeCloseTo(50);
    expect(frames.map((f) => f.type)).toEqual(['compaction.completed', 'session.updated', 'compaction.completed', 'session.updated', 'compaction.completed', 'session.updated', 'compaction.completed', 'session.updated']);
    for (const frame of frames) expect(validateComponent('EventFrame', frame)).toBeNull();
    const ids = frames.filter((f) => f.type === 'compaction.completed').map((f) => (f.data.record as { id: string }).id);
    expect(ids).toEqual(result.sent.map((s) => s.id));
    expect(new Set(ids).size).toBe(4);
    // The records are in the ledger, newest first, unflagged.
    expect(session?.compactions.length).toBe(before + 4);
    const newest = filterCompactions(session?.compactions ?? [], parseCompactionFilter(new URLSearchParams()))[0];
    expect(ids).toContain(newest?.id);
    expect(newest?.operator_flag).toBeNull();
    expect(store.auditOf('compaction.completed', 'ses_gen_refactor').filter((e) => ids.includes(e.compaction_id ?? '')).length).toBe(4);
  });

  it('keeps each frame\'s due time by the rate asked when it cannot keep the rate (sends then without waiting, late)', async () => {
    const store = await seededStore();
    const clock = fakeClock();
    let t = 0;
    const slow: BurstClock = { now: () => clock.now() + t, elapsed: () => clock.now() + t, wait: clock.wait };
    // Each compaction frame costs 30 ms to send: more than the 20 ms between two at 50 a second.
    store.subscribe((f) => {
      if (f.type === 'compaction.completed') t += 30;
    });

    const result = await emitLiveBurst(store, { session_id: 'ses_gen_refactor', count: 4, rate: 50 }, slow);

    expect(clock.waits).toEqual([]);
    expect(result.sent.map((s) => s.due_at_ms - 1_000_000)).toEqual([0, 20, 40, 60]);
    expect(result.sent.map((s) => s.sent_at_ms - 1_000_000)).toEqual([0, 30, 60, 90]);
    expect(result.achieved_rate).toBeCloseTo(1000 / 30);
  });

  it('announces the session after each record as the session view would (kept as it goes, not recounted)', async () => {
    const store = await seededStore();
    const session = store.session('ses_gen_refactor');
    if (!session) throw new Error('no session');
    const pairs: { sent: unknown; now: unknown }[] = [];
    store.subscribe((f) => {
      if (f.type === 'session.updated') pairs.push({ sent: f.data.session, now: toSummary(store, session) });
    });
    const before = toSummary(store, session);

    await emitLiveBurst(store, { session_id: 'ses_gen_refactor', count: 25, rate: 1000 }, fakeClock());

    expect(pairs).toHaveLength(25);
    for (const { sent, now } of pairs) expect(sent).toEqual(now);
    const last = pairs[24]?.sent as ReturnType<typeof toSummary>;
    expect(last.compaction_count).toBe(before.compaction_count + 25);
    expect(last.cost.compactor_usd).toBeGreaterThan(before.cost.compactor_usd);
  });

  it('refuses bad requests with the field named', () => {
    const field = (body: unknown) => {
      try {
        parseLiveBurst(body);
        return null;
      } catch (error) {
        return error instanceof DaemonError ? error.details?.field : 'not a DaemonError';
      }
    };
    expect(field({})).toBe('session_id');
    expect(field({ session_id: 's', count: 0 })).toBe('count');
    expect(field({ session_id: 's', count: 1.5 })).toBe('count');
    expect(field({ session_id: 's', rate: 0 })).toBe('rate');
    expect(field({ session_id: 's', rate: 'fast' })).toBe('rate');
    expect(parseLiveBurst({ session_id: 's' })).toEqual({ session_id: 's', count: 200, rate: 100 });
  });

  it('answers 404 for an unknown session and 409 for one with nothing to copy', async () => {
    const store = await seededStore();
    await expect(emitLiveBurst(store, { session_id: 'nope', count: 1, rate: 1 }, fakeClock())).rejects.toMatchObject({ status: 404 });
    await expect(emitLiveBurst(store, { session_id: 'ses_gen_review', count: 1, rate: 1 }, fakeClock())).rejects.toMatchObject({ status: 409 });
  });
});
