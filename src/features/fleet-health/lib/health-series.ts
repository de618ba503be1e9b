/**
 * The health endpoint's buckets as chart rows: events stacked by strategy or trigger, tokens saved,
 * compactor against primary spend, and the fallback, failure and no-op rates; distributions as bars.
 * Each bucket keeps its start and end so a bar drills into the ledger over exactly that span.
 */
import type { Schemas } from '../../../domain/contract/types';
import { STRATEGY_LABELS, TRIGGER_LABELS } from '../../../domain/compaction/labels';

import type { StackBy } from './health-scope';
import { STRATEGIES, TRIGGERS } from '../../../domain/contract/enums.gen';

export interface HealthPoint {
  start: string;
  end: string;
  /** Short axis label in the bucket's own zone offset ("11-20" for days, "11-20 06:00" below). */
  label: string;
  events: number;
  /** Events per strategy or trigger (the stack's keys). */
  stack: Record<string, number>;
  tokensSaved: number;
  compactorUsd: number;
  primaryUsd: number;
  fallbackRate: number;
  failureRate: number;
  noopRate: number;
  fallbacks: number;
  failures: number;
  noops: number;
}

export interface StackKey {
  key: string;
  label: string;
}

export function stackKeys(by: StackBy): StackKey[] {
  return by === 'strategy' ? STRATEGIES.map((s) => ({ key: s, label: STRATEGY_LABELS[s] })) : TRIGGERS.map((t) => ({ key: t, label: TRIGGER_LABELS[t] }));
}

/** "2026-11-20" for day and week buckets, "2026-11-20 06:00" for shorter ones, read off the bucket's own offset. */
export function bucketLabel(start: string, end: string): string {
  const spanMs = Date.parse(end) - Date.parse(start);
  const local = start.replace(/(\.\d+)?(Z|[+-]\d\d:\d\d)$/, '');
  return spanMs >= 86_400_000 - 3_600_000 ? local.slice(5, 10) : `${local.slice(5, 10)} ${local.slice(11, 16)}`;
}

export function healthPoints(series: readonly Schemas['HealthBucket'][], by: StackBy): HealthPoint[] {
  return series.map((b) => {
    const counts: Record<string, number> = by === 'strategy' ? { ...b.by_strategy } : { ...b.by_trigger };
    // Rates over every attempt in the bucket: recorded events plus no-ops and failures (which leave no record).
    const attempts = b.events + b.noops + b.failures;
    return {
      start: b.start,
      end: b.end,
      label: bucketLabel(b.start, b.end),
      events: b.events,
      stack: counts,
      tokensSaved: b.tokens_saved,
      compactorUsd: b.compactor_usd,
      primaryUsd: b.primary_usd,
      fallbackRate: b.events > 0 ? b.fallbacks / b.events : 0,
      failureRate: attempts > 0 ? b.failures / attempts : 0,
      noopRate: attempts > 0 ? b.noops / attempts : 0,
      fallbacks: b.fallbacks,
      failures: b.failures,
      noops: b.noops,
    };
  });
}

export interface DistributionBar {
  key: string;
  label: string;
  from: number;
  to: number | null;
  count: number;
}

/**
 * A distribution's bins as bars, the empty bins at either end trimmed (a ratio histogram over
 * 0..1 whose events all sit in 0.3..1 would otherwise spend half its width on nothing).
 */
export function distributionBars(dist: Schemas['Distribution'], format: (value: number) => string): DistributionBar[] {
  const bins = dist.bins;
  let first = bins.findIndex((b) => b.count > 0);
  if (first < 0) return [];
  let last = bins.length - 1;
  while (last > first && (bins[last]?.count ?? 0) === 0) last -= 1;
  first = Math.max(0, first);
  return bins.slice(first, last + 1).map((b) => ({
    key: `${b.from}`,
    label: b.to === null ? `≥ ${format(b.from)}` : `${format(b.from)}–${format(b.to)}`,
    from: b.from,
    to: b.to,
    count: b.count,
  }));
}
