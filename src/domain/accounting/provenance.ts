/**
 * Where a figure or an event comes from. What a transcript or a daemon recorded is never mixed
 * with what the simulator computed: every compaction record carries its provenance and every
 * screen that shows it says so.
 */
import type { CompactionRecord, Schemas } from '../contract/types';

export type FigureSource = Schemas['FigureSource'];
export type EventOrigin = Schemas['Provenance']['origin'];
export type Provenance = Schemas['Provenance'];

export const FIGURE_SOURCE_LABELS: Record<FigureSource, string> = {
  recorded: 'recorded',
  computed: 'computed',
  estimated: 'estimated',
};

export const FIGURE_SOURCE_TITLES: Record<FigureSource, string> = {
  recorded: 'As the transcript or the daemon recorded it',
  computed: 'Computed from recorded figures (e.g. recorded usage at the catalog’s prices)',
  estimated: 'The estimator’s count (tokenizer, calibrated on recorded usage where there is some)',
};

export const ORIGIN_LABELS: Record<EventOrigin, string> = {
  recorded: 'recorded',
  simulated: 'simulated',
};

export const ORIGIN_TITLES: Record<EventOrigin, string> = {
  recorded: 'This compaction happened: a transcript or the daemon recorded it',
  simulated: 'The simulator computed this compaction: a generated demo session, or one the operator asked for (lab, dry run, manual compact, a session continued under kaged settings)',
};

export function isSimulated(record: Pick<CompactionRecord, 'provenance'>): boolean {
  return record.provenance.origin === 'simulated';
}

/** The summary's provenance of an event whose summarizer or compactor ran here (null: it wrote no summary, a drop). */
export function computedSummary(summary: string | null): Provenance['summary'] {
  return summary === null ? null : 'computed';
}

/** The simulator's own event: computed on request, token figures from its estimator, cost at the catalog's prices. */
export function simulatedProvenance(summary: string | null): Provenance {
  return { origin: 'simulated', tokens_before: 'estimated', tokens_after: 'estimated', cost: 'computed', summary: computedSummary(summary) };
}
