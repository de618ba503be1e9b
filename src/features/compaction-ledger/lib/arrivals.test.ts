import { describe, expect, it } from 'vitest';
import { ARRIVAL_HIGHLIGHT_MS, ARRIVAL_SWEEP_MS, nextSweepIn, withoutEnded } from './arrivals';

describe('withoutEnded', () => {
  it('drops the arrivals whose highlight has ended and keeps the others', () => {
    const arrivals = new Map([
      ['a', 0],
      ['b', 1000],
      ['c', 3000],
    ]);
    expect([...withoutEnded(arrivals, 1000 + ARRIVAL_HIGHLIGHT_MS).keys()]).toEqual(['c']);
    expect(arrivals.size).toBe(3);
  });

  it('answers the same map when nothing has ended (no store update, no render)', () => {
    const arrivals = new Map([['a', 100]]);
    expect(withoutEnded(arrivals, 100 + ARRIVAL_HIGHLIGHT_MS - 1)).toBe(arrivals);
  });
});

describe('nextSweepIn', () => {
  it('waits for the oldest highlight to end', () => {
    expect(nextSweepIn(new Map([['a', 1000], ['b', 2000]]), 1500)).toBe(1000 + ARRIVAL_HIGHLIGHT_MS - 1500);
  });

  it('never sweeps sooner than the sweep interval, even when a highlight has already ended', () => {
    expect(nextSweepIn(new Map([['a', 0]]), 10 * ARRIVAL_HIGHLIGHT_MS)).toBe(ARRIVAL_SWEEP_MS);
  });

  it('has nothing to do without arrivals', () => {
    expect(nextSweepIn(new Map(), 0)).toBeNull();
  });
});
