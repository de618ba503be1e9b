import { describe, expect, it } from 'vitest';
import { naivePercentile } from './test-support';
import { histPercentiles, INT_BINS, INT_EXACT, INT_RELATIVE_ERROR, intBin, intValue, RATIO_BINS, RATIO_ERROR, ratioBin, ratioValue } from './sketch';

function hist(values: number[], bins: number, bin: (v: number) => number): Float64Array {
  const h = new Float64Array(bins);
  for (const v of values) h[bin(v)] = (h[bin(v)] as number) + 1;
  return h;
}

describe('percentile sketches', () => {
  it('whole numbers below INT_EXACT are exact; above, within the stated relative error', () => {
    for (let v = 0; v < INT_EXACT; v++) expect(intValue(intBin(v))).toBe(v);
    for (let v = INT_EXACT; v < 2 ** 24; v = Math.ceil(v * 1.003) + 1) {
      const b = intBin(v);
      expect(b).toBeLessThan(INT_BINS);
      expect(Math.abs(intValue(b) - v) / v).toBeLessThanOrEqual(INT_RELATIVE_ERROR);
    }
    // Bins are monotone in the value.
    expect(intBin(1023)).toBeLessThan(intBin(1024));
    expect(intBin(30_000)).toBeLessThan(intBin(30_001 + 256));
  });

  it('ratios within RATIO_ERROR below 2', () => {
    for (let v = 0; v < 2; v += 0.0137) expect(Math.abs(ratioValue(ratioBin(v)) - v)).toBeLessThanOrEqual(RATIO_ERROR + 1e-12);
    expect(ratioBin(7)).toBe(RATIO_BINS - 1);
  });

  it('nearest-rank percentiles match the exact ones within the bound (ties, one value, empty)', () => {
    let x = 7;
    const rand = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const ints = Array.from({ length: 5_000 }, () => Math.floor(rand() ** 3 * 40_000));
    const h = hist(ints, INT_BINS, intBin);
    for (const p of [1, 50, 95, 100]) {
      const [got] = histPercentiles(h, ints.length, [p], intValue);
      const want = naivePercentile(ints, p);
      expect(Math.abs((got as number) - want)).toBeLessThanOrEqual(Math.max(0, want * INT_RELATIVE_ERROR));
    }
    const ratios = Array.from({ length: 3_001 }, () => rand() * 1.2);
    const [p50, p95] = histPercentiles(hist(ratios, RATIO_BINS, ratioBin), ratios.length, [50, 95], ratioValue);
    expect(Math.abs((p50 as number) - naivePercentile(ratios, 50))).toBeLessThanOrEqual(RATIO_ERROR + 1e-12);
    expect(Math.abs((p95 as number) - naivePercentile(ratios, 95))).toBeLessThanOrEqual(RATIO_ERROR + 1e-12);
    expect(histPercentiles(hist([5, 5, 5], INT_BINS, intBin), 3, [50, 95], intValue)).toEqual([5, 5]);
    expect(histPercentiles(new Float64Array(INT_BINS), 0, [50], intValue)).toEqual([0]);
  });
});
