import { describe, expect, it } from 'vitest';
import { throttleWait } from './use-throttled-value';

const NEVER = Number.NEGATIVE_INFINITY;

describe('throttleWait', () => {
  it('lets the first change through at once', () => {
    expect(throttleWait({ lastShownAt: NEVER, lastChangeAt: 1_000, pendingSince: 1_000, now: 1_000 }, { intervalMs: 1_000 })).toBe(0);
    expect(throttleWait({ lastShownAt: NEVER, lastChangeAt: 1_000, pendingSince: 1_000, now: 1_000 }, { intervalMs: 1_000, quietMs: 800, maxWaitMs: 5_000 })).toBe(0);
  });

  it('holds a change until the interval since the last one shown has passed', () => {
    const at = (now: number) => throttleWait({ lastShownAt: 10_000, lastChangeAt: 10_100, pendingSince: 10_100, now }, { intervalMs: 1_000 });
    expect(at(10_250)).toBe(750);
    expect(at(11_000)).toBe(0);
    expect(at(15_000)).toBe(0);
  });

  it('with a quiet time, waits for a stream of changes to pause', () => {
    const options = { intervalMs: 1_000, quietMs: 800, maxWaitMs: 5_000 };
    // A lone change, long after the last redraw: shown once it has been quiet for 800 ms.
    expect(throttleWait({ lastShownAt: 0, lastChangeAt: 20_000, pendingSince: 20_000, now: 20_000 }, options)).toBe(800);
    // Changes still coming 3 s into a burst: wait for the pause after the newest.
    expect(throttleWait({ lastShownAt: 0, lastChangeAt: 22_980, pendingSince: 20_000, now: 23_000 }, options)).toBe(780);
    // Quiet for long enough: now.
    expect(throttleWait({ lastShownAt: 0, lastChangeAt: 22_000, pendingSince: 20_000, now: 23_000 }, options)).toBe(0);
  });

  it('never holds a change longer than the longest wait, however long the burst', () => {
    const options = { intervalMs: 1_000, quietMs: 800, maxWaitMs: 5_000 };
    expect(throttleWait({ lastShownAt: 0, lastChangeAt: 24_990, pendingSince: 20_000, now: 24_995 }, options)).toBe(5);
    expect(throttleWait({ lastShownAt: 0, lastChangeAt: 25_990, pendingSince: 20_000, now: 26_000 }, options)).toBe(0);
  });

  it('keeps the interval even when the stream is quiet or the longest wait is up', () => {
    const options = { intervalMs: 1_000, quietMs: 100, maxWaitMs: 200 };
    expect(throttleWait({ lastShownAt: 10_000, lastChangeAt: 10_050, pendingSince: 10_050, now: 10_400 }, options)).toBe(600);
  });
});
