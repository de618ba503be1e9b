/** The one place figures become text: tokens, money, ratios, percentages, thresholds, counts, durations, times. */
import { thresholdToPercent } from './accounting/thresholds';

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

/**
 * `value` with `fractionDigits` decimals at most (at least `minFractionDigits`), its thousands
 * grouped, as Intl.NumberFormat('en-US') writes it (half away from zero, rounding the shortest
 * decimal that reads back as `value`: 1.0005 → "1.001"), without building one: a page's first Intl
 * formatter costs 20 to 30 ms (the locale's data) on the way to the first screen. From 1e21 (where
 * a number's shortest text has an exponent) Intl is used after all.
 */
function enUsNumber(value: number, fractionDigits: number, minFractionDigits: number): string {
  const abs = Math.abs(value);
  if (!Number.isFinite(value) || abs >= 1e21) return value.toLocaleString('en-US', { minimumFractionDigits: minFractionDigits, maximumFractionDigits: fractionDigits });
  // Below 1e-6 the text has an exponent, and the value rounds to 0 at any precision used here.
  const [whole = '0', fraction = ''] = (abs < 1e-6 ? '0' : String(abs)).split('.');
  let digits = `${whole}${fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0')}`;
  if (fraction.charAt(fractionDigits) >= '5') digits = (BigInt(digits) + 1n).toString().padStart(fractionDigits + 1, '0');
  const integer = digits.slice(0, digits.length - fractionDigits);
  let decimals = digits.slice(digits.length - fractionDigits);
  while (decimals.length > minFractionDigits && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals === '' ? '' : `.${decimals}`}`;
}

/** 1234 → "1,234" (as Intl.NumberFormat('en-US'): three decimals at most) */
export function formatCount(value: number): string {
  return enUsNumber(value, 3, 0);
}

/** A count with its noun: "1 event", "2,301 events" (`many` for nouns not made plural by an s). */
export function formatCounted(value: number, one: string, many = `${one}s`): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

/** $1.23 from a dollar up, $0.0123 below it (four decimals keep compactor cents visible), $0.00 at zero. */
export function formatUsd(value: number): string {
  // 1e999 parses as Infinity: never "$∞" (src/domain/plausibility.ts names it).
  if (!Number.isFinite(value)) return 'unknown';
  if (value === 0) return '$0.00';
  if (Math.abs(value) >= 1) return `$${enUsNumber(value, 2, 2)}`;
  return `$${value.toFixed(4)}`;
}

/** A compression ratio (after ÷ before): 0.42 → "0.42" */
export function formatRatio(value: number): string {
  return value.toFixed(2);
}

/** Between a figure and its unit sign ("85 %"): a space no line break separates from the figure. */
const UNIT_SPACE = '\u00a0';

/** A share as a whole percentage: 0.853 → "85 %" */
export function formatPercent(value: number): string {
  return `${Math.round(value * 100)}${UNIT_SPACE}%`;
}

/**
 * A threshold (a fraction of the context window in the API) as every screen shows it, a percent of
 * the window: 0.85 → "85 %", 0.855 → "85.5 %". `decimals`: at most this many of the percent (an
 * operator's typed value echoed in a message keeps its own).
 */
export function formatThreshold(fraction: number, decimals = 1): string {
  return `${enUsNumber(thresholdToPercent(fraction), decimals, 0)}${UNIT_SPACE}%`;
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
