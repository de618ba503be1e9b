/**
 * How often a strategy fell back (to drop, per ADR-0024 a session never stalls on a broken
 * compactor) and why, from the stats endpoint: reasons by count, most frequent first.
 */
import type { CompactionStats } from '../../../domain/contract/types';
import { compareCodeUnits } from '../../../domain/compare';

export interface FallbackReason {
  reason: string;
  count: number;
  /** Of all fallbacks, 0..1. */
  share: number;
}

export interface FallbackSummary {
  total: number;
  /** Of all events, 0..1. */
  rate: number;
  reasons: FallbackReason[];
}

export function fallbackSummary(stats: Pick<CompactionStats, 'fallback_total' | 'fallback_reasons' | 'events_total'>): FallbackSummary {
  const counted = stats.fallback_reasons.reduce((sum, r) => sum + r.count, 0);
  const denominator = Math.max(counted, stats.fallback_total);
  return {
    total: stats.fallback_total,
    rate: stats.events_total > 0 ? stats.fallback_total / stats.events_total : 0,
    reasons: [...stats.fallback_reasons]
      .sort((a, b) => b.count - a.count || compareCodeUnits(a.key, b.key))
      .map((r) => ({ reason: r.key, count: r.count, share: denominator > 0 ? r.count / denominator : 0 })),
  };
}
