import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import type { CompactionRecord, Schemas } from '../../../domain/contract/types';

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
