/**
 * Tokens before and after each compaction, against the thresholds that applied to it: the upper
 * threshold (where it fired), the lower one (where it aimed) and the context window, all in
 * tokens of that event's agent (agents have their own windows and thresholds, so the lines step
 * when the events of several agents interleave).
 */
import type { CompactionRecord } from '../../../domain/contract/types';
import { axisTimeLabel, timeSpan } from './series';

export interface TimelinePoint {
  /** Position in the series (the x axis). */
  index: number;
  id: string;
  at: string;
  /** Short time for the axis. */
  label: string;
  agent: string;
  trigger: CompactionRecord['trigger'];
  strategy: CompactionRecord['strategy'];
  fallback: boolean;
  before: number;
  after: number;
  /** [after, before]: the floating bar from where compaction ended to where it started. */
  range: [number, number];
  saved: number;
  /** after / before, 0..1 (lower is more compression). */
  ratio: number;
  window: number;
  upper: number;
  lower: number;
  /** The estimate before was past the upper threshold (a reactive or manual event may not be). */
  overUpper: boolean;
  /** The estimate after reached the lower threshold. */
  reachedLower: boolean;
}

export function prepareTimeline(records: readonly CompactionRecord[]): TimelinePoint[] {
  const span = timeSpan(records);
  return records.map((r, index) => {
    const upper = Math.round(r.window_upper * r.context_window);
    const lower = Math.round(r.window_lower * r.context_window);
    return {
      index,
      id: r.id,
      at: r.created_at,
      label: axisTimeLabel(r.created_at, span),
      agent: r.agent_path,
      trigger: r.trigger,
      strategy: r.strategy,
      fallback: r.fallback_occurred,
      before: r.threshold_estimate,
      after: r.after_estimate,
      range: [r.after_estimate, r.threshold_estimate],
      saved: Math.max(0, r.threshold_estimate - r.after_estimate),
      ratio: r.threshold_estimate > 0 ? r.after_estimate / r.threshold_estimate : r.compression_ratio,
      window: r.context_window,
      upper,
      lower,
      overUpper: r.threshold_estimate >= upper,
      reachedLower: r.after_estimate <= lower,
    };
  });
}

export interface TimelineSummary {
  events: number;
  /** Median after/before. */
  medianRatio: number | null;
  /** Events that did not get down to the lower threshold. */
  missedLower: number;
  tokensSaved: number;
}

export function summarizeTimeline(points: readonly TimelinePoint[]): TimelineSummary {
  const ratios = points.map((p) => p.ratio).sort((a, b) => a - b);
  return {
    events: points.length,
    medianRatio: median(ratios),
    missedLower: points.filter((p) => !p.reachedLower).length,
    tokensSaved: points.reduce((sum, p) => sum + p.saved, 0),
  };
}

/** The median of an ascending list, or null when empty. */
export function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The y axis top: the largest window drawn, so the thresholds and the window always show. */
export function timelineMax(points: readonly TimelinePoint[]): number {
  let max = 0;
  for (const p of points) max = Math.max(max, p.window, p.before);
  return max;
}

/** Whether every event had the same window and thresholds (one agent, or agents configured alike): then they draw as lines. */
export function thresholdsUniform(points: readonly TimelinePoint[]): boolean {
  const first = points[0];
  return points.every((p) => p.window === first?.window && p.upper === first.upper && p.lower === first.lower);
}
