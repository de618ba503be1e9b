/**
 * Words and figures for the re-read after compaction (CompactionRecord.reread_after, measured on a
 * transcript by src/domain/transcripts/reread.ts): the same phrase on the event page, the ledger,
 * the health breakdowns and the lab. Named for what it is, the working set read again; never
 * called loss. A record without a transcript to measure it from says "not measured", never 0.
 */
import type { Schemas } from '../contract/types';
import { formatCount, formatCounted, formatTokens } from '../format';

export type RereadAfter = Schemas['RereadAfter'];
export type RereadCall = Schemas['RereadCall'];

export const NOT_MEASURED = 'not measured';
export const NOT_MEASURED_TITLE = 'Re-read after compaction is measured on a transcript (an imported or followed session); this event has none to measure it from.';

/** "4 files, 17k tokens" (files when the re-reads are of files, else calls); "nothing re-read" at zero. */
export function rereadFigure(adjusted: { calls: number; tokens: number; files: number }): string {
  if (adjusted.calls === 0) return 'nothing re-read';
  const what = adjusted.files > 0 ? formatCounted(adjusted.files, 'file') : formatCounted(adjusted.calls, 'call');
  return `${what}, ${formatTokens(adjusted.tokens)} tokens`;
}

/** "re-read after compaction: 4 files, 17k tokens", or "…: not measured". */
export function rereadHeadline(r: RereadAfter | null): string {
  return `re-read after compaction: ${r ? rereadFigure(r.adjusted) : NOT_MEASURED}`;
}

/** The raw count beside the adjusted one, and what was left out and why. */
export function rereadRawLine(r: RereadAfter): string {
  const left = r.excluded.written_since_read + r.excluded.read_before_edit;
  const why = [
    r.excluded.written_since_read > 0 ? `${formatCount(r.excluded.written_since_read)} written since read` : null,
    r.excluded.read_before_edit > 0 ? `${formatCount(r.excluded.read_before_edit)} read right before an edit` : null,
  ].filter((x) => x !== null);
  const raw = `raw ${formatCounted(r.raw.calls, 'call')}, ${formatTokens(r.raw.tokens)} tokens`;
  return left === 0 ? `${raw}; none left out` : `${raw}; ${formatCount(left)} left out (${why.join(', ')})`;
}

/** "of which not in the summary: 1 file, 531 tokens", or why it cannot be said. */
export function notInSummaryLine(r: RereadAfter): string {
  if (r.not_in_summary === null) return 'of which not in the summary: not known (the summary is not readable)';
  return `of which not in the summary: ${formatCounted(r.not_in_summary.files, 'file')}, ${formatTokens(r.not_in_summary.tokens)} tokens`;
}

/** The ledger cell: the adjusted tokens ("17k"), "none", or not measured. */
export function rereadCell(r: RereadAfter | null): string {
  if (!r) return NOT_MEASURED;
  return r.adjusted.calls === 0 ? 'none' : `${formatTokens(r.adjusted.tokens)} tok`;
}

/** The ledger cell's tooltip: the headline, the raw count and the summary detail. */
export function rereadTitle(r: RereadAfter | null): string {
  if (!r) return NOT_MEASURED_TITLE;
  return [`${rereadHeadline(r)} (${formatCounted(r.adjusted.calls, 'call')} in ${formatCounted(r.window_turns, 'turn')} after it)`, rereadRawLine(r), notInSummaryLine(r)].join('\n');
}

/** Why a re-read call is left out of the adjusted figure, in words; null when it counts. */
export function exclusionLabel(excluded: RereadCall['excluded']): string | null {
  if (excluded === 'written_since_read') return 'left out: written since its last read';
  if (excluded === 'read_before_edit') return 'left out: read right before an edit';
  return null;
}

/** A breakdown row's re-read figure over the events a transcript measured: "1.7k tokens, 6 calls over 3 of 5 events". */
export function rereadOverEvents(row: { events: number; reread_events: number; reread_calls: number; reread_tokens: number }): string {
  if (row.reread_events === 0) return NOT_MEASURED;
  return `${formatTokens(row.reread_tokens)} tokens, ${formatCounted(row.reread_calls, 'call')} over ${formatCount(row.reread_events)} of ${formatCounted(row.events, 'event')}`;
}

/** A breakdown cell: the mean adjusted re-read tokens per measured event, and how many were measured ("560 tok · 3 of 5"). */
export function rereadMeanCell(row: { events: number; reread_events: number; reread_tokens: number }): string {
  if (row.reread_events === 0) return NOT_MEASURED;
  return `${formatTokens(row.reread_tokens / row.reread_events)} tok · ${formatCount(row.reread_events)} of ${formatCount(row.events)}`;
}
