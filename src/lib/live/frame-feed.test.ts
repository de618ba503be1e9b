import { describe, expect, it } from 'vitest';
import type { EventFrame } from '../../domain/contract/types';
import { BACKLOG_THRESHOLDS } from './backlog';
import { FrameFeed, type Behind } from './frame-feed';

function frame(seq: number, atMs: number): EventFrame {
  return { seq, type: 'session.updated', at: new Date(atMs).toISOString(), session_id: 's1', data: {} };
}

function harness(waiting = { count: 0 }) {
  let now = 1_000_000;
  const timers: (() => void)[] = [];
  const published: number[][] = [];
  const told: (Behind | null)[] = [];
  let drops = 0;
  const feed = new FrameFeed({
    publish: (frames) => published.push(frames.map((f) => f.seq)),
    waiting: () => waiting.count,
    onBehind: (behind) => told.push(behind),
    onDrop: () => (drops += 1),
    now: () => now,
    setTimer: (run) => timers.push(run),
    clearTimer: () => undefined,
  });
  return {
    feed,
    timers,
    published,
    told,
    drops: () => drops,
    advance: (ms: number) => (now += ms),
    now: () => now,
    flushAll: () => feed.flush(),
  };
}

describe('FrameFeed', () => {
  it('applies every frame handled since the last flush as one batch, in order', () => {
    const h = harness();
    for (let seq = 1; seq <= 30; seq += 1) h.feed.push(frame(seq, h.now()));
    expect(h.published).toEqual([]);
    h.flushAll();
    expect(h.published).toEqual([Array.from({ length: 30 }, (_, i) => i + 1)]);
    h.feed.push(frame(31, h.now()));
    h.flushAll();
    expect(h.published[1]).toEqual([31]);
    expect(h.told).toEqual([]);
  });

  it('says it is behind when frames pile up unapplied, and that it caught up once they are applied', () => {
    const waiting = { count: 0 };
    const h = harness(waiting);
    h.feed.push(frame(1, h.now()));
    waiting.count = 400;
    h.flushAll();
    expect(h.told).toEqual([{ frames: 400, lagMs: 0 }]);
    waiting.count = 0;
    h.feed.push(frame(2, h.now()));
    h.flushAll();
    expect(h.told.at(-1)).toBeNull();
    expect(h.drops()).toBe(0);
  });

  it('says it is behind when frames are applied late, and checks again when no frame comes to say otherwise', () => {
    const h = harness();
    h.feed.push(frame(1, h.now()));
    h.flushAll();
    // The next frame was sent 3 s before it is applied.
    h.feed.push(frame(2, h.now()));
    h.advance(3_000);
    h.flushAll();
    expect(h.told).toEqual([{ frames: 0, lagMs: 3_000 }]);
    expect(h.timers).toHaveLength(1);
    h.timers[0]!();
    expect(h.told.at(-1)).toBeNull();
  });

  it('when far behind, drops the backlog once (not again while the reload runs) and stays behind until caught up', () => {
    const waiting = { count: BACKLOG_THRESHOLDS.dropFrames };
    const h = harness(waiting);
    h.feed.push(frame(1, h.now()));
    h.flushAll();
    expect(h.drops()).toBe(1);
    expect(h.told.at(-1)).toEqual({ frames: BACKLOG_THRESHOLDS.dropFrames, lagMs: 0 });
    h.feed.push(frame(2, h.now()));
    h.flushAll();
    expect(h.drops()).toBe(1);
    waiting.count = 0;
    h.advance(60_000);
    h.feed.push(frame(3, h.now()));
    h.flushAll();
    expect(h.told.at(-1)).toBeNull();
  });
});

describe('FrameFeed with pacing', () => {
  function paced(waiting = { count: 0 }) {
    let now = 1_000_000;
    const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
    const published: number[][] = [];
    const pacedTold: boolean[] = [];
    const feed = new FrameFeed({
      onPaced: (paced) => pacedTold.push(paced),
      publish: (frames) => published.push(frames.map((f) => f.seq)),
      waiting: () => waiting.count,
      onBehind: () => undefined,
      onDrop: () => undefined,
      now: () => now,
      setTimer: (run, ms) => {
        const timer = { run, ms, cleared: false };
        timers.push(timer);
        return timer;
      },
      clearTimer: (timer) => void ((timer as { cleared: boolean }).cleared = true),
      pacing: { aboveRate: 100, gapMs: 60 },
    });
    let seq = 0;
    const burst = (count: number) => {
      for (let i = 0; i < count; i += 1) feed.push(frame((seq += 1), now));
      feed.flush();
    };
    return { feed, timers, published, pacedTold, burst, advance: (ms: number) => (now += ms) };
  }

  it('below the rate, every flush applies at once', () => {
    const h = paced();
    for (let i = 0; i < 5; i += 1) {
      h.burst(10);
      h.advance(200);
    }
    expect(h.published.map((b) => b.length)).toEqual([10, 10, 10, 10, 10]);
    expect(h.timers.filter((t) => !t.cleared && t.ms > 0 && t.ms <= 60)).toHaveLength(0);
  });

  it('above it, what comes within the gap waits for one timer and goes as one batch, in order', () => {
    const h = paced();
    h.burst(80);
    h.advance(16);
    h.burst(40);
    h.advance(16);
    h.burst(40);
    // The first batch went at once; the next two wait for the gap's end (60 ms after the first).
    expect(h.published).toHaveLength(1);
    const held = h.timers.filter((t) => t.ms > 0 && t.ms <= 60);
    expect(held.map((t) => t.ms)).toEqual([44]);
    h.advance(28);
    held[0]?.run();
    expect(h.published.map((b) => b.length)).toEqual([80, 80]);
    expect(h.published.flat()).toEqual(Array.from({ length: 160 }, (_, i) => i + 1));
  });

  it('says when the stream goes above the rate and, with no frame coming, when it is back under it', () => {
    const h = paced();
    h.burst(20);
    expect(h.pacedTold).toEqual([]);
    h.advance(16);
    h.burst(60);
    expect(h.pacedTold).toEqual([true]);
    h.advance(16);
    h.burst(60);
    expect(h.pacedTold).toEqual([true]);
    // The stream stops: the rate is looked at again on a timer, until the last second holds too few frames.
    const recheck = () => h.timers.filter((t) => t.ms === 500 && !t.cleared).at(-1);
    h.advance(500);
    recheck()?.run();
    expect(h.pacedTold).toEqual([true]);
    h.advance(600);
    recheck()?.run();
    expect(h.pacedTold).toEqual([true, false]);
    expect(h.timers.filter((t) => t.ms === 500)).toHaveLength(2);
    // Below the rate, frames never make it say so.
    h.advance(5_000);
    for (let i = 0; i < 10; i += 1) {
      h.burst(5);
      h.advance(100);
    }
    expect(h.pacedTold).toEqual([true, false]);
  });

  it('counts what still waits to be handled: a page slower than the stream is paced though it handles fewer frames a second than the rate', () => {
    const waiting = { count: 0 };
    const h = paced(waiting);
    // The page handles 20 frames a turn, 50 a second (under the rate of 100), while more keep coming than it handles.
    for (let i = 0; i < 3; i += 1) {
      h.burst(20);
      h.advance(400);
    }
    expect(h.pacedTold).toEqual([]);
    waiting.count = 60;
    h.burst(20);
    expect(h.pacedTold).toEqual([true]);
    h.advance(16);
    h.burst(20);
    h.advance(16);
    h.burst(20);
    // Held for the gap: fewer, larger batches.
    expect(h.published.map((b) => b.length)).toEqual([20, 20, 20, 20]);
    const held = h.timers.filter((t) => t.ms > 0 && t.ms <= 60 && !t.cleared);
    expect(held.map((t) => t.ms)).toEqual([44]);
    h.advance(28);
    held[0]?.run();
    expect(h.published.map((b) => b.length)).toEqual([20, 20, 20, 20, 40]);
    // Caught up: nothing waits, and the last second held too few frames.
    waiting.count = 0;
    h.advance(1_100);
    h.timers.filter((t) => t.ms === 500 && !t.cleared).at(-1)?.run();
    expect(h.pacedTold).toEqual([true, false]);
  });

  it('paces a heavy burst from its first tenth of a second, not once a whole second of it has come', () => {
    // 1,000 events a second (2,000 frames: 32 every 16 ms) against the app's own pacing.
    let clock = 0;
    const told: boolean[] = [];
    const feed = new FrameFeed({
      onPaced: (p) => told.push(p),
      publish: () => undefined,
      waiting: () => 0,
      onBehind: () => undefined,
      onDrop: () => undefined,
      now: () => clock,
      setTimer: () => ({}),
      clearTimer: () => undefined,
      pacing: { aboveRate: 1000, gapMs: 60 },
    });
    let seq = 0;
    for (; clock <= 1000 && told.length === 0; clock += 16) {
      for (let i = 0; i < 32; i += 1) feed.push(frame((seq += 1), clock));
      feed.flush();
    }
    expect(told).toEqual([true]);
    expect(clock).toBeLessThanOrEqual(150);
    feed.stop();
  });

  it('stops looking at the rate when it stops', () => {
    const h = paced();
    h.burst(200);
    h.feed.stop();
    expect(h.timers.find((t) => t.ms === 500)?.cleared).toBe(true);
  });

  it('a held batch is dropped with the feed when it stops', () => {
    const h = paced();
    h.burst(200);
    h.advance(10);
    h.burst(200);
    h.feed.stop();
    expect(h.timers.find((t) => t.ms === 50)?.cleared).toBe(true);
    expect(h.published).toHaveLength(1);
  });
});
