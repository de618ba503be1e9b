/** A save refused because the record changed meanwhile (409 version_conflict). */
import { isApiError } from '../../../lib/api/api-error';
import type { CompactionRecord } from '../../../domain/contract/types';
import { checkWith } from '../../../domain/contract/validation';
import { validate as compactionRecordSchema } from '../../../domain/contract/validators/schemas/compaction-record.gen';

/** The current record a 409 carries, checked against the contract; null for any other failure. */
export function conflictRecord(error: unknown): CompactionRecord | null {
  if (!isApiError(error) || error.kind !== 'http' || error.status !== 409 || error.code !== 'version_conflict') return null;
  const current = error.details?.current;
  return checkWith(compactionRecordSchema, current) === null ? (current as CompactionRecord) : null;
}
