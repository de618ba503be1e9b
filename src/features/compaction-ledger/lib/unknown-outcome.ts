import { describeError } from '../../../lib/api/api-error';
import type { CompactionRecord } from '../../../domain/contract/types';
import type { PendingSave } from './pending-saves';

/** Whether the record holds what the save asked for (notes compared as the daemon stores them: '' is none). */
export function holdsEdit(record: Pick<CompactionRecord, 'operator_flag' | 'operator_notes'>, edit: PendingSave): boolean {
  if ('flag' in edit && record.operator_flag !== (edit.flag ?? null)) return false;
  if ('notes' in edit && (record.operator_notes ?? '') !== (edit.notes ?? '')) return false;
  return true;
}

/**
 * A save whose answer could not be trusted (see isOutcomeUnknown), after the record was read again:
 * 'not-saved' when the daemon does not hold it, 'unknown' when the record could not be read either.
 */
export class UnknownOutcomeError extends Error {
  override readonly name = 'UnknownOutcomeError';
  constructor(
    readonly original: unknown,
    readonly verdict: 'not-saved' | 'unknown',
  ) {
    super(
      verdict === 'not-saved'
        ? `The daemon's answer could not be trusted (${describeError(original)}); reading the record again shows it was not saved.`
        : `The daemon's answer could not be trusted (${describeError(original)}) and the record could not be read again: whether it was saved is unknown. It shows as the daemon has it once it answers.`,
    );
  }
}
