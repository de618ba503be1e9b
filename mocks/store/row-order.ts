/**
 * Rows of a columnar table (facts.ts) put in order, searched and grouped: the index arithmetic the
 * generated history and the aggregates share, fast enough for a million rows.
 */

/** 0, 1, …, n − 1. */
export function iota(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/**
 * Row order by a numeric key, ties by row; `descending` is the exact reverse (as the session
 * ledger sorts: key, then id, reversed). Native typed-array sort on packed (quantized key, row) pairs, then one insertion pass
 * with the exact comparison to fix rows whose keys fell into the same quantum: O(n log n) with
 * no comparator calls in the sort itself, which is what makes a million rows take ~0.1 s.
 */
export function orderBy(rows: Int32Array, key: (row: number) => number, descending: boolean): Int32Array {
  const n = rows.length;
  if (n === 0) return rows;
  const keys = new Float64Array(n);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const v = key(rows[i] as number);
    keys[i] = v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const span = max - min;
  const BITS = 2 ** 31 - 1;
  if (n > 2 ** 22) throw new Error('orderBy handles up to 4,194,304 rows');
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const q = span > 0 ? Math.floor(((keys[i] as number) - min) / span * BITS) : 0;
    packed[i] = q * 2 ** 22 + i;
  }
  packed.sort();
  const out = new Int32Array(n);
  const outKeys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const pos = (packed[i] as number) % 2 ** 22;
    out[i] = rows[pos] as number;
    outKeys[i] = keys[pos] as number;
  }
  // Exact order inside each quantum (usually already right: this pass is then linear).
  for (let i = 1; i < n; i++) {
    const k = outKeys[i] as number;
    const r = out[i] as number;
    let j = i - 1;
    while (j >= 0 && ((outKeys[j] as number) > k || ((outKeys[j] as number) === k && (out[j] as number) > r))) {
      outKeys[j + 1] = outKeys[j] as number;
      out[j + 1] = out[j] as number;
      j--;
    }
    outKeys[j + 1] = k;
    out[j + 1] = r;
  }
  return descending ? out.reverse() : out;
}

/** First index whose value is ≥ x in an ascending array (binary search). */
export function lowerBound(sorted: Float64Array, x: number, lo = 0, hi = sorted.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Compressed rows per group: start[g]..start[g + 1] index into the returned rows (ascending within a group). */
export function csr(groups: number, length: number, groupOf: (row: number) => number): [Int32Array, Int32Array] {
  const start = new Int32Array(groups + 1);
  for (let r = 0; r < length; r++) start[groupOf(r) + 1] = (start[groupOf(r) + 1] as number) + 1;
  for (let g = 0; g < groups; g++) start[g + 1] = (start[g + 1] as number) + (start[g] as number);
  const fill = start.slice(0, groups);
  const rows = new Int32Array(length);
  for (let r = 0; r < length; r++) {
    const g = groupOf(r);
    rows[fill[g] as number] = r;
    fill[g] = (fill[g] as number) + 1;
  }
  return [start, rows];
}
