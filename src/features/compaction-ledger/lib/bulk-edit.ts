/**
 * One edit applied to a selection of ledger events: a flag (or clearing it), or a note added below
 * each event's notes (never replacing them). Each event gets its own PATCH on its own version, so
 * what another operator changed meanwhile comes back as a conflict for that event, not lost.
 */
import type { CompactionRecord, Schemas } from '../../../domain/contract/types';
import { formatCount } from '../../../domain/format';
import type { PendingSave } from './pending-saves';

export type BulkEdit = { kind: 'flag'; flag: Schemas['Flag'] | null } | { kind: 'note'; text: string };

/** The daemon's limit on an event's notes (FlagRequest.notes). */
export const NOTES_MAX = 20_000;

/** Between an event's notes and a note added below them. */
const NOTE_SEPARATOR = '\n\n';

export function appendNote(existing: string | null, text: string): string {
  return existing ? `${existing}${NOTE_SEPARATOR}${text}` : text;
}

/** What one event's PATCH sets, or why none is sent: it already holds the edit, or cannot take it. */
export type BulkPlan = { kind: 'send'; edit: PendingSave } | { kind: 'already' } | { kind: 'refused'; message: string };

export function planFor(record: Pick<CompactionRecord, 'operator_flag' | 'operator_notes'>, bulk: BulkEdit): BulkPlan {
  if (bulk.kind === 'flag') return record.operator_flag === bulk.flag ? { kind: 'already' } : { kind: 'send', edit: { flag: bulk.flag } };
  // A note already at the end of the notes is this edit, applied before (a save whose answer was lost): never twice.
  if ((record.operator_notes ?? '').endsWith(bulk.text)) return { kind: 'already' };
  const notes = appendNote(record.operator_notes, bulk.text);
  if (notes.length > NOTES_MAX) {
    return { kind: 'refused', message: `its notes would be ${formatCount(notes.length)} characters; the daemon keeps at most ${formatCount(NOTES_MAX)}` };
  }
  return { kind: 'send', edit: { notes } };
}

export type BulkOutcome =
  | { kind: 'saved' }
  | { kind: 'already' }
  /** Someone changed the event since it was loaded: their version, to look at before applying again. */
  | { kind: 'conflict'; current: CompactionRecord }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string }
  /** No trustworthy answer and the record could not be read again: it may or may not hold the edit. */
  | { kind: 'unknown'; message: string };

export interface BulkTarget {
  sessionId: string;
  compactionId: string;
}

export interface BulkResult extends BulkTarget {
  outcome: BulkOutcome;
}

/** Whether an outcome leaves nothing to do for its event. */
export function isDone(outcome: BulkOutcome): boolean {
  return outcome.kind === 'saved' || outcome.kind === 'already';
}

/** "the flag bad", "the flag cleared", "the note": what a bulk edit does, for its messages. */
export function describeBulk(bulk: BulkEdit): string {
  if (bulk.kind === 'note') return 'the note';
  return bulk.flag ? `the flag ${bulk.flag}` : 'the flag cleared';
}

const OUTCOME_WORDS: Record<BulkOutcome['kind'], [string, string]> = {
  saved: ['saved', 'saved'],
  already: ['already so', 'already so'],
  conflict: ['conflict', 'conflicts'],
  refused: ['refused', 'refused'],
  failed: ['failed', 'failed'],
  unknown: ['unknown outcome', 'unknown outcomes'],
};

/** "38 saved, 2 already so, 1 conflict": each kind of outcome counted, in a fixed order. */
export function summarizeResults(results: readonly BulkResult[]): string {
  const counts = new Map<BulkOutcome['kind'], number>();
  for (const result of results) counts.set(result.outcome.kind, (counts.get(result.outcome.kind) ?? 0) + 1);
  return (Object.keys(OUTCOME_WORDS) as BulkOutcome['kind'][])
    .filter((kind) => counts.has(kind))
    .map((kind) => {
      const n = counts.get(kind) ?? 0;
      return `${formatCount(n)} ${OUTCOME_WORDS[kind][n === 1 ? 0 : 1]}`;
    })
    .join(', ');
}
