import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { writeOrReread } from '../../../lib/api/untrusted-write';
import type { CompactionRecord, Schemas } from '../../../domain/contract/types';
import { conflictRecord } from '../lib/conflict';
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
 * so (UnknownOutcomeError). A 409 whose current record holds the edit is a save too. Never sent twice.
 */
export async function flagOrReread(sessionId: string, compactionId: string, edit: PendingSave, version: number): Promise<Saved> {
  const outcome = await writeOrReread(
    () => flagCompaction(sessionId, compactionId, { ...edit, version }),
    () => getCompaction(sessionId, compactionId),
    (current) => current.version > version && holdsEdit(current, edit),
    conflictRecord,
  );
  if (outcome.answered) return { record: outcome.result, reread: false };
  if (outcome.verdict === 'applied') return { record: outcome.current, reread: true };
  throw new UnknownOutcomeError(outcome.error, outcome.verdict === 'not-applied' ? 'not-saved' : 'unknown');
}
