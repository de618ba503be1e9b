/**
 * Which records the per-event charts draw: applied events (not dry runs, not rolled back, as the
 * stats endpoint counts them), oldest first, at most the latest `limit`.
 */
import type { CompactionRecord } from '../../../domain/contract/types';

export interface EventSeries {
  /** Oldest first. */
  records: CompactionRecord[];
  /** Applied events in the sample the series was cut from. */
  applied: number;
}

export function appliedEvents(records: readonly CompactionRecord[], limit = Number.POSITIVE_INFINITY): EventSeries {
  const applied = records.filter((r) => !r.dry_run && !r.rolled_back);
  applied.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { records: applied.length > limit ? applied.slice(applied.length - limit) : applied, applied: applied.length };
}

/** "10:04", "Jun 1 10:04" when the events span more than a day: short labels for a time axis. */
export function axisTimeLabel(iso: string, spanMs: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = date.toISOString().slice(11, 16);
  if (spanMs < 24 * 3600 * 1000) return time;
  // Not toLocaleString: it builds a formatter per call (a thousand points per redraw).
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${time}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function timeSpan(records: readonly Pick<CompactionRecord, 'created_at'>[]): number {
  const first = records[0];
  const last = records[records.length - 1];
  if (!first || !last) return 0;
  return Math.abs(Date.parse(last.created_at) - Date.parse(first.created_at));
}
