import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameBatchScheduler } from './frame-batch';

function harness() {
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const schedule = frameBatchScheduler({ requestFrame: (run) => frames.push(run), setTimer: (run) => timers.push(run) });
  return { schedule, frames, timers };
}

describe('frameBatchScheduler', () => {
  it('delivers every notification that came before a frame together, in order, in that frame', () => {
    const { schedule, frames } = harness();
    const seen: number[] = [];
    for (let i = 0; i < 50; i += 1) schedule(() => seen.push(i));
    expect(seen).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i));
    schedule(() => seen.push(50));
    expect(frames).toHaveLength(2);
    frames[1]!();
    expect(seen.at(-1)).toBe(50);
  });

  it('delivers by timer when no frame comes (a hidden tab), once', () => {
    const { schedule, frames, timers } = harness();
    const seen: string[] = [];
    schedule(() => seen.push('a'));
    timers[0]!();
    expect(seen).toEqual(['a']);
    frames[0]!();
    expect(seen).toEqual(['a']);
  });

  it('runs what its callbacks schedule in the same frame, and a flood of rounds in the next', () => {
    const { schedule, frames } = harness();
    const seen: string[] = [];
    schedule(() => {
      seen.push('frame applied');
      schedule(() => seen.push('cache notified'));
    });
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(seen).toEqual(['frame applied', 'cache notified']);
    expect(frames).toHaveLength(1);

    let rounds = 0;
    const again = () => {
      rounds += 1;
      schedule(again);
    };
    schedule(again);
    frames[1]!();
    expect(rounds).toBe(8);
    expect(frames).toHaveLength(3);
  });

  it('runs a callback now with what it schedules and what waited for the frame, the frame then finding nothing', () => {
    const { schedule, frames, timers } = harness();
    const seen: string[] = [];
    schedule(() => seen.push('waiting'));
    schedule.now(() => {
      seen.push('held batch applied');
      schedule(() => seen.push('cache notified'));
    });
    expect(seen).toEqual(['held batch applied', 'waiting', 'cache notified']);
    frames[0]!();
    timers[0]!();
    expect(seen).toEqual(['held batch applied', 'waiting', 'cache notified']);
    // Nothing left over: the next callback asks for a frame of its own.
    schedule(() => seen.push('next'));
    expect(frames).toHaveLength(2);
    frames[1]!();
    expect(seen.at(-1)).toBe('next');
  });

  it('within a flush, runs a callback given to now in that flush, in order', () => {
    const { schedule, frames } = harness();
    const seen: string[] = [];
    schedule(() => {
      seen.push('a');
      schedule.now(() => seen.push('now'));
      seen.push('b');
    });
    frames[0]!();
    expect(seen).toEqual(['a', 'b', 'now']);
    expect(frames).toHaveLength(1);
  });

  describe('by default', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    });

    it('delivers in a task of its own right after the frame, not inside the frame’s callbacks', () => {
      vi.useFakeTimers();
      const frames: FrameRequestCallback[] = [];
      vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
      const schedule = frameBatchScheduler();
      const seen: string[] = [];
      schedule(() => seen.push('a'));
      schedule(() => seen.push('b'));
      expect(frames).toHaveLength(1);
      frames[0]!(16);
      expect(seen).toEqual([]);
      vi.advanceTimersByTime(0);
      expect(seen).toEqual(['a', 'b']);
      // The fallback timer finds nothing left to deliver.
      vi.advanceTimersByTime(200);
      expect(seen).toEqual(['a', 'b']);
    });
  });
});
