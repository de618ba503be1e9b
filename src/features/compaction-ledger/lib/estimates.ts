/**
 * The estimates of one compaction against its thresholds, as positions on one scale (0 to the
 * context window, or past it when the estimate was): where it fired, where it aimed, where it
 * started and where it ended, and what that means in words.
 */
import type { CompactionRecord } from '../../../domain/contract/types';

export interface EstimateMarks {
  scale: number;
  /** Percentages of the scale. */
  before: number;
  after: number;
  upper: number;
  lower: number;
  window: number;
  upperTokens: number;
  lowerTokens: number;
  /** Tokens past the upper threshold when it fired (negative: below it, e.g. manual). */
  overUpper: number;
  /** Tokens still above the lower threshold afterwards (0 or less: reached). */
  aboveLower: number;
  saved: number;
}

export function estimateMarks(r: Pick<CompactionRecord, 'threshold_estimate' | 'after_estimate' | 'context_window' | 'window_upper' | 'window_lower'>): EstimateMarks {
  const scale = Math.max(r.context_window, r.threshold_estimate, 1);
  const pct = (tokens: number) => Math.min(100, Math.max(0, (tokens / scale) * 100));
  const upperTokens = Math.round(r.window_upper * r.context_window);
  const lowerTokens = Math.round(r.window_lower * r.context_window);
  return {
    scale,
    before: pct(r.threshold_estimate),
    after: pct(r.after_estimate),
    upper: pct(upperTokens),
    lower: pct(lowerTokens),
    window: pct(r.context_window),
    upperTokens,
    lowerTokens,
    overUpper: r.threshold_estimate - upperTokens,
    aboveLower: r.after_estimate - lowerTokens,
    saved: r.threshold_estimate - r.after_estimate,
  };
}
