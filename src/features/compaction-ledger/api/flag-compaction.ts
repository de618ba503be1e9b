import { api } from '../../../config/settings-store';
import { isOutcomeUnknown } from '../../../lib/api/api-error';
import { unwrap } from '../../../lib/api/client';
import type { CompactionRecord, Schemas } from '../../../domain/contract/types';
import type { PendingSave } from '../lib/pending-saves';
import { holdsEdit, UnknownOutcomeError } from '../lib/unknown-outcome';
import { getCompaction } from './get-compaction';

export type FlagRequest = Schemas['FlagRequest'];

/**
 * PATCH /sessions/{session_id}/compactions/{compaction_id}: set the flag and/or the notes of the
 * version the operator edited. A stale version answers 409 version_conflict with the current
 * record in details.current (thrown as an ApiError; see conflictRecord).
 */
export async function flagCompaction(sessionId: string, compactionId: string, body: FlagRequest): Promise<CompactionRecord> {
  return unwrap(
    await api().PATCH('/sessions/{session_id}/compactions/{compaction_id}', {
      params: { path: { session_id: sessionId, compaction_id: compactionId } },
      body,
    }),
  );
}

export interface Saved {
  record: CompactionRecord;
  /** The answer broke the contract; the record read again holds the change. */
  reread: boolean;
}

/**
 * PATCH the record; when the answer leaves the outcome unknown (a 2xx body breaking the contract,
 * no answer in time), read the record again and judge by what the daemon holds: a save it applied
 * is a save (no conflict with the operator's own next edit), one it did not is a failure that says
 * so (UnknownOutcomeError). Never sent twice.
 */
export async function flagOrReread(sessionId: string, compactionId: string, edit: PendingSave, version: number): Promise<Saved> {
  try {
    return { record: await flagCompaction(sessionId, compactionId, { ...edit, version }), reread: false };
  } catch (error) {
    if (!isOutcomeUnknown(error)) throw error;
    let current: CompactionRecord;
    try {
      current = await getCompaction(sessionId, compactionId);
    } catch {
      throw new UnknownOutcomeError(error, 'unknown');
    }
    if (current.version > version && holdsEdit(current, edit)) return { record: current, reread: true };
    throw new UnknownOutcomeError(error, 'not-saved');
  }
}
