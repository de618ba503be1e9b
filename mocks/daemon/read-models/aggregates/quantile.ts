/**
 * Exact percentiles without sorting: quickselect (Hoare partition, median-of-three pivot) finds
 * the k-th smallest of a segment in linear time on average. Percentiles are nearest-rank, as
 * the per-session stats (mocks/daemon/read-models/stats.ts percentile) define them: the ceil(p/100·n)-th value.
 */

/** The k-th smallest (0-based) of a[lo..hi] inclusive; reorders that segment. */
export function select(a: Float64Array, k: number, lo = 0, hi = a.length - 1): number {
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    const x = a[lo] as number;
    const y = a[mid] as number;
    const z = a[hi] as number;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const t = a[i] as number;
        a[i] = a[j] as number;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k] as number;
  }
  return a[k] as number;
}

/** 0-based index of the nearest-rank p-th percentile among n values. */
export function rankIndex(n: number, p: number): number {
  return Math.max(1, Math.ceil((p / 100) * n)) - 1;
}

/** Whole numbers below this are counted into a histogram instead of selected… */
const COUNTING_LIMIT = 1 << 20;

/**
 * Percentiles of a[lo, lo + n) (reorders it); 0 for an empty segment. `ps` ascending. Whole
 * numbers (milliseconds, token counts) are counted into a histogram in one pass when there are
 * enough of them for it to pay; anything else is selected, each percentile within what the
 * previous one left.
 */
export function percentilesOf(a: Float64Array, ps: readonly number[], lo = 0, n = a.length - lo): number[] {
  if (n <= 0) return ps.map(() => 0);
  let whole = true;
  let max = 0;
  for (let i = lo; i < lo + n; i++) {
    const v = a[i] as number;
    if (!(v >= 0 && v < COUNTING_LIMIT && v === Math.floor(v))) {
      whole = false;
      break;
    }
    if (v > max) max = v;
  }
  // …when the histogram is not much larger than the values.
  if (whole && max < n * 8 + 4_096) {
    const counts = new Uint32Array(max + 1);
    for (let i = lo; i < lo + n; i++) counts[a[i] as number] = (counts[a[i] as number] as number) + 1;
    const out: number[] = [];
    let v = 0;
    let seen = counts[0] as number;
    for (const p of ps) {
      const k = rankIndex(n, p);
      while (seen <= k) seen += counts[++v] as number;
      out.push(v);
    }
    return out;
  }
  let from = lo;
  return ps.map((p) => {
    const k = lo + rankIndex(n, p);
    const value = select(a, k, from, lo + n - 1);
    from = k;
    return value;
  });
}

export function maxOf(a: Float64Array, lo = 0, n = a.length - lo): number {
  let max = 0;
  for (let i = lo; i < lo + n; i++) if ((a[i] as number) > max) max = a[i] as number;
  return max;
}
