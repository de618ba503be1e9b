import { describe, expect, it } from 'vitest';
import { createRng } from '../../../store/prng';
import { percentilesOf, select } from './quantile';
import { naivePercentile } from './test-support';

describe('percentiles without sorting', () => {
  const rng = createRng(11);
  const cases: [string, number[]][] = [
    ['empty', []],
    ['one value', [42]],
    ['all equal', Array.from({ length: 50 }, () => 7)],
    ['small whole numbers (counted)', Array.from({ length: 2_001 }, () => rng.int(0, 500))],
    ['fractions (selected)', Array.from({ length: 2_000 }, () => rng.next())],
    ['large whole numbers (selected)', Array.from({ length: 999 }, () => rng.int(0, 2_000_000))],
    ['many ties', Array.from({ length: 1_000 }, () => rng.pick([1.5, 2.5, 2.5, 9]))],
  ];
  it.each(cases)('%s: nearest-rank like sorting', (_name, values) => {
    const ps = [1, 25, 50, 95, 99, 100];
    expect(percentilesOf(Float64Array.from(values), ps)).toEqual(ps.map((p) => naivePercentile(values, p)));
  });

  it('works on a segment and leaves the rest alone', () => {
    const a = Float64Array.from([100, 5, 3, 9, 1, -100]);
    expect(percentilesOf(a, [50], 1, 4)).toEqual([3]);
    expect([a[0], a[5]]).toEqual([100, -100]);
    expect(select(Float64Array.from([4, 1, 3, 2]), 2)).toBe(3);
  });
});
