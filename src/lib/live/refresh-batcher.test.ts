import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { coveringKeys, RefreshBatcher } from './refresh-batcher';

/** A hand-driven clock and timer queue. */
function fakeTime() {
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    setTimer: (run: () => void, ms: number) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer: unknown) => {
      const index = timers.indexOf(timer as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
    advance(ms: number) {
      now += ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > now) break;
        timers.shift();
        next.run();
      }
    },
  };
}

describe('RefreshBatcher', () => {
  it('flushes a lone change on the next tick, then at most once per interval however many frames come', () => {
    const time = fakeTime();
    const flushes: QueryKey[][] = [];
    const batcher = new RefreshBatcher({ flush: (keys) => flushes.push(keys), intervalMs: 1000, ...time });
    batcher.add([['session', 's1', 'detail']]);
    time.advance(0);
    expect(flushes).toEqual([[['session', 's1', 'detail']]]);
    // A burst of 1,000 frames over two seconds.
    for (let i = 0; i < 1000; i += 1) {
      batcher.add([['session', 's1', 'detail'], ['session', 's1', 'compaction-stats'], ['project']]);
      time.advance(2);
    }
    time.advance(1000);
    expect(flushes.length).toBeLessThanOrEqual(4);
    expect(flushes.length).toBeGreaterThanOrEqual(3);
    for (const keys of flushes.slice(1)) expect(keys).toEqual([['session', 's1', 'detail'], ['session', 's1', 'compaction-stats'], ['project']]);
    expect(batcher.size).toBe(0);
  });

  it('waits the settle time after a quiet spell, so the frames of one compaction cost one refetch of each key', () => {
    const time = fakeTime();
    const flushes: QueryKey[][] = [];
    const batcher = new RefreshBatcher({ flush: (keys) => flushes.push(keys), intervalMs: 1000, settleMs: 250, ...time });
    // The turns' session.updated, then 30 ms later the compaction, its rollback point and the session again.
    batcher.add([['sessions'], ['session', 's1', 'detail']]);
    time.advance(30);
    batcher.add([['session', 's1', 'detail'], ['session', 's1', 'compaction-stats'], ['session', 's1', 'checkpoints']]);
    batcher.add([['sessions'], ['session', 's1', 'detail']]);
    time.advance(219);
    expect(flushes).toEqual([]);
    time.advance(1);
    expect(flushes).toEqual([[['sessions'], ['session', 's1', 'detail'], ['session', 's1', 'compaction-stats'], ['session', 's1', 'checkpoints']]]);
  });

  it('drops what is pending on clear', () => {
    const time = fakeTime();
    const flushes: QueryKey[][] = [];
    const batcher = new RefreshBatcher({ flush: (keys) => flushes.push(keys), intervalMs: 1000, ...time });
    batcher.add([['sessions']]);
    batcher.clear();
    time.advance(5000);
    expect(flushes).toEqual([]);
  });
});

describe('coveringKeys', () => {
  it('leaves out keys another one covers as a prefix, and duplicates', () => {
    expect(coveringKeys([['session', 's1', 'detail'], ['session', 's1'], ['project', 'p1'], ['project'], ['sessions'], ['sessions']])).toEqual([['session', 's1'], ['project'], ['sessions']]);
  });
});
