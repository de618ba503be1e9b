/**
 * Thresholds: the API, the DSL and config hold fractions of the context window (0.85); every screen
 * shows and takes a percent of it ("85 %"). These are the only conversions between the two, and
 * the only place a threshold becomes tokens.
 */

/** 0.85 → 85 (a whole or decimal percent, floating-point noise removed). */
export function thresholdToPercent(fraction: number): number {
  return Math.round(fraction * 100 * 1e6) / 1e6;
}

/** 85 → 0.85 (floating-point noise removed). */
export function percentToThreshold(percent: number): number {
  return Math.round((percent / 100) * 1e8) / 1e8;
}

/** Token limits of a window's thresholds. */
export interface TokenLimits {
  /** Compaction fires at or above this estimate (upper threshold × window). */
  upper: number;
  /** Compaction compacts until the estimate is at or below this (lower threshold × window). */
  target: number;
}

/** Strips binary floating-point noise (0.85 × 32000 is not exactly 27200 in IEEE 754). */
function product(fraction: number, window: number): number {
  return Math.round(fraction * window * 1e6) / 1e6;
}

/** Integer limits: an integer estimate e satisfies e ≥ upper ⇔ e/window ≥ upper fraction, and e ≤ target ⇔ e/window ≤ lower fraction. */
export function tokenLimits(window: number, upper: number, lower: number): TokenLimits {
  return { upper: Math.ceil(product(upper, window)), target: Math.floor(product(lower, window)) };
}
