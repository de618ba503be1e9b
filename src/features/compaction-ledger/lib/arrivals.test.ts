import { describe, expect, it } from 'vitest';
import { ARRIVAL_HIGHLIGHT_MS, ARRIVAL_SWEEP_MS, hasArrived, nextSweepIn, withArrived, withoutEnded, type Arrivals } from './arrivals';

const batches = (...list: [number, string[]][]): Arrivals => list.reduce<Arrivals>((arrivals, [at, ids]) => withArrived(arrivals, ids, at), []);

describe('arrivals', () => {
  it('knows the records of every batch, and adds nothing for an empty one', () => {
    const arrivals = batches([0, ['a', 'b']], [1000, ['c']]);
    expect(['a', 'b', 'c', 'd'].map((id) => hasArrived(arrivals, id))).toEqual([true, true, true, false]);
    expect(withArrived(arrivals, [], 2000)).toBe(arrivals);
  });

  it('adds a batch without changing the list it was given', () => {
    const before = batches([0, ['a']]);
    const after = withArrived(before, ['b'], 10);
    expect(before).toHaveLength(1);
    expect(hasArrived(after, 'b')).toBe(true);
    expect(hasArrived(before, 'b')).toBe(false);
  });
});

describe('withoutEnded', () => {
  it('drops the batches whose highlight has ended and keeps the others', () => {
    const arrivals = batches([0, ['a']], [1000, ['b']], [3000, ['c']]);
    const left = withoutEnded(arrivals, 1000 + ARRIVAL_HIGHLIGHT_MS);
    expect(['a', 'b', 'c'].map((id) => hasArrived(left, id))).toEqual([false, false, true]);
    expect(arrivals).toHaveLength(3);
    expect(withoutEnded(arrivals, 3000 + ARRIVAL_HIGHLIGHT_MS)).toEqual([]);
  });

  it('answers the same list when nothing has ended (no store update, no render)', () => {
    const arrivals = batches([100, ['a']]);
    expect(withoutEnded(arrivals, 100 + ARRIVAL_HIGHLIGHT_MS - 1)).toBe(arrivals);
    const none: Arrivals = [];
    expect(withoutEnded(none, 0)).toBe(none);
  });
});

describe('nextSweepIn', () => {
  it('waits for the oldest highlight to end', () => {
    expect(nextSweepIn(batches([1000, ['a']], [2000, ['b']]), 1500)).toBe(1000 + ARRIVAL_HIGHLIGHT_MS - 1500);
  });

  it('never sweeps sooner than the sweep interval, even when a highlight has already ended', () => {
    expect(nextSweepIn(batches([0, ['a']]), 10 * ARRIVAL_HIGHLIGHT_MS)).toBe(ARRIVAL_SWEEP_MS);
  });

  it('has nothing to do without arrivals', () => {
    expect(nextSweepIn([], 0)).toBeNull();
  });
});
