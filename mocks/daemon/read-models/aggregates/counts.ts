import { FLAGS } from '../../../store/facts';
import type { Schemas } from '../../../store/types';

/** Small counting helpers the aggregates share. */

type StatCount = Schemas['StatCount'];

export const round6 = (usd: number) => Math.round(usd * 1e6) / 1e6;

export function statCounts(counts: Map<string, number>): StatCount[] {
  return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export function bump(counts: Map<string, number>, key: string, by = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

/** A failure reason with its numbers taken out, so reasons naming token counts group together. */
export function reasonKind(reason: string): string {
  return reason.replace(/\d+(\.\d+)?/g, 'N').slice(0, 160);
}

export interface FlagMix {
  good: number;
  bad: number;
  neutral: number;
  unrated: number;
}

export function flagMix(counts: ArrayLike<number>, offset = 0): FlagMix {
  return { unrated: counts[offset] ?? 0, good: counts[offset + 1] ?? 0, bad: counts[offset + 2] ?? 0, neutral: counts[offset + 3] ?? 0 };
}

export const FLAG_COUNT = FLAGS.length;

/** Tokens a compaction saved: before − after, never negative. */
export function saved(before: number, after: number): number {
  return before > after ? before - after : 0;
}
