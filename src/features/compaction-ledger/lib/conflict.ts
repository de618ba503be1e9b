/** A save refused because the record changed meanwhile (409 version_conflict). */
import { isApiError } from '../../../lib/api/api-error';
import type { CompactionRecord } from '../../../domain/contract/types';
import { checkWith } from '../../../domain/contract/validation';
import { validate as compactionRecordSchema } from '../../../domain/contract/validators/schemas/compaction-record.gen';
import type { PendingSave } from './pending-saves';
import { holdsEdit } from './unknown-outcome';

/** The current record a 409 carries, checked against the contract; null for any other failure. */
export function conflictRecord(error: unknown): CompactionRecord | null {
  if (!isApiError(error) || error.kind !== 'http' || error.status !== 409 || error.code !== 'version_conflict') return null;
  const current = error.details?.current;
  return checkWith(compactionRecordSchema, current) === null ? (current as CompactionRecord) : null;
}

/**
 * The current record of a 409 that refused a save made on `version`, when it already holds the
 * save's edit (a later version with the same flag and/or notes): nothing differs to choose
 * between. Null for any other failure and for a conflict over different values.
 */
export function conflictHoldingEdit(error: unknown, edit: PendingSave, version: number): CompactionRecord | null {
  const current = conflictRecord(error);
  return current && current.version > version && holdsEdit(current, edit) ? current : null;
}
