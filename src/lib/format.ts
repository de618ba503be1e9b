/** The one place figures become text: tokens, money, ratios, counts, durations, times. */

/** How far ahead of the browser's clock a timestamp may be (clock skew) before it is called implausible. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

const TOKEN_UNITS: ReadonlyArray<[number, string]> = [
  [1_000_000_000, 'G'],
  [1_000_000, 'M'],
  [1_000, 'k'],
];

/** 950 → "950", 12_345 → "12.3k", 128_000 → "128k", 1_500_000 → "1.5M". */
export function formatTokens(value: number): string {
  const abs = Math.abs(value);
  for (const [size, unit] of TOKEN_UNITS) {
    if (abs >= size) {
      const scaled = value / size;
      // One decimal below 100 of a unit, none above; drop a trailing ".0".
      const text = Math.abs(scaled) >= 100 ? Math.round(scaled).toString() : scaled.toFixed(1).replace(/\.0$/, '');
      return `${text}${unit}`;
    }
  }
  return Math.round(value).toString();
}

// Built once: toLocaleString with a locale builds a new Intl formatter on every call, which a
// scrolling ledger (a dozen figures a row) pays for on every frame.
const COUNT = new Intl.NumberFormat('en-US');
const DOLLARS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1234 → "1,234" */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** $1.23 from a dollar up, $0.0123 below it (four decimals keep compactor cents visible), $0.00 at zero. */
export function formatUsd(value: number): string {
  // 1e999 parses as Infinity: never "$∞" (src/lib/plausibility.ts names it).
  if (!Number.isFinite(value)) return 'unknown';
  if (value === 0) return '$0.00';
  if (Math.abs(value) >= 1) return `$${DOLLARS.format(value)}`;
  return `$${value.toFixed(4)}`;
}

/** A 0..1 ratio as the operator configures it: 0.85 */
export function formatRatio(value: number): string {
  return value.toFixed(2);
}

/** A 0..1 fraction as a percentage: 0.853 → "85%" */
export function formatPercent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** 340 → "340 ms", 1234 → "1.2 s", 95_000 → "1 min 35 s" */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace(/\.0$/, '')} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

const RELATIVE: ReadonlyArray<[number, string]> = [
  [60, 's'],
  [60, 'min'],
  [24, 'h'],
  [30, 'd'],
  [12, 'mo'],
];

/**
 * "just now", "42 s ago", "5 min ago", "3 h ago", "2 d ago", "5 mo ago", "2 y ago": always relative,
 * so a column of times reads one way (the exact time is the title of <TimeAgo>).
 */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  // A time ahead of the clock (beyond skew) is never "just now": the date, said to be ahead.
  if (then > now + FUTURE_TOLERANCE_MS) return `${iso.slice(0, 10)} (in the future)`;
  let delta = Math.round((now - then) / 1000);
  if (delta < 5) return 'just now';
  for (const [size, unit] of RELATIVE) {
    if (delta < size) return `${delta} ${unit} ago`;
    delta = Math.floor(delta / size);
  }
  return `${delta} y ago`;
}

/** 2026-06-01 10:04:05 UTC, for titles and detail fields. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
