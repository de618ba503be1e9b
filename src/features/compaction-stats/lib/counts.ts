/**
 * Events by trigger and by strategy, from the stats endpoint's counts: every value of the
 * contract shows (zero included, so "hook_requested: 0" is an answer, not an omission), in the
 * contract's order, then any value the daemon reports that this build does not know.
 */
import type { Schemas } from '../../../domain/contract/types';

export interface CountBar {
  key: string;
  label: string;
  count: number;
  /** Of all counted, 0..1. */
  share: number;
}

export function completeCounts(counts: readonly Schemas['StatCount'][], labels: Readonly<Record<string, string>>): CountBar[] {
  const given = new Map(counts.map((c) => [c.key, c.count]));
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const known = Object.keys(labels);
  const keys = [...known, ...counts.map((c) => c.key).filter((key) => !known.includes(key))];
  return keys.map((key) => {
    const count = given.get(key) ?? 0;
    return { key, label: labels[key] ?? key.replace(/_/g, ' '), count, share: total > 0 ? count / total : 0 };
  });
}
