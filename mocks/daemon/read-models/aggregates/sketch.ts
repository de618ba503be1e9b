import { rankIndex } from './quantile';

/**
 * Bounded-error histograms for percentiles that merge by addition, so partial aggregates
 * (health-partials.ts) can be summed over any range instead of reading every row again.
 *
 * - Whole numbers (milliseconds, tokens): exact below INT_EXACT; above, 64 bins per power of
 *   two, each answered by its midpoint, so a percentile is within 1/128 (0.8 %) of the exact one.
 *   Values at or above 2^24 share the last bin.
 * - Ratios (after / before): bins of 1/1000 up to 2, answered by their midpoint, so a percentile
 *   is within RATIO_ERROR (0.0005) of the exact one; ratios of 2 or more share the last bin.
 * Percentiles are nearest-rank over the bins, as quantile.ts defines them over the values.
 */
export const INT_EXACT = 1024;
const PER_OCTAVE = 64;
const FIRST_OCTAVE = 10; // 2^10 = INT_EXACT
const LAST_OCTAVE = 24;
export const INT_BINS = INT_EXACT + PER_OCTAVE * (LAST_OCTAVE - FIRST_OCTAVE);
/** Relative error bound of a whole-number percentile at or above INT_EXACT. */
export const INT_RELATIVE_ERROR = 1 / 128;

export const RATIO_STEPS = 1000;
export const RATIO_BINS = 2 * RATIO_STEPS + 1;
export const RATIO_ERROR = 0.5 / RATIO_STEPS;

export function intBin(v: number): number {
  if (!(v > 0)) return 0;
  if (v < INT_EXACT) return Math.floor(v);
  const e = 31 - Math.clz32(v);
  if (v >= 2 ** LAST_OCTAVE) return INT_BINS - 1;
  return INT_EXACT + (e - FIRST_OCTAVE) * PER_OCTAVE + Math.floor((v - 2 ** e) / 2 ** (e - 6));
}

/** The value a whole-number bin answers with (its midpoint, rounded). */
export function intValue(bin: number): number {
  if (bin < INT_EXACT) return bin;
  const k = bin - INT_EXACT;
  const e = FIRST_OCTAVE + Math.floor(k / PER_OCTAVE);
  const width = 2 ** (e - 6);
  return Math.round(2 ** e + (k % PER_OCTAVE) * width + (width - 1) / 2);
}

export function ratioBin(v: number): number {
  return v >= 2 ? RATIO_BINS - 1 : v > 0 ? Math.floor(v * RATIO_STEPS) : 0;
}

export function ratioValue(bin: number): number {
  return (bin + 0.5) / RATIO_STEPS;
}

/** Nearest-rank percentiles (ps ascending) of the n values counted in hist; 0 when n is 0. */
export function histPercentiles(hist: ArrayLike<number>, n: number, ps: readonly number[], value: (bin: number) => number): number[] {
  if (n <= 0) return ps.map(() => 0);
  const out: number[] = [];
  let bin = 0;
  let seen = hist[0] as number;
  for (const p of ps) {
    const k = rankIndex(n, p);
    while (seen <= k) seen += hist[++bin] as number;
    out.push(value(bin));
  }
  return out;
}

/** target[at + i] += source[from + i] for i < length. */
export function addInto(target: Float64Array | Uint32Array, at: number, source: ArrayLike<number>, from: number, length: number): void {
  for (let i = 0; i < length; i++) target[at + i] = (target[at + i] as number) + (source[from + i] as number);
}
