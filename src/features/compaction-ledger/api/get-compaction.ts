import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/api/query-keys';
import type { CompactionRecord } from '../../../domain/contract/types';
import { mergeRecord } from '../lib/ledger-cache';

/** GET /sessions/{session_id}/compactions/{compaction_id}: the record as the daemon has it now. */
export async function getCompaction(sessionId: string, compactionId: string, signal?: AbortSignal): Promise<CompactionRecord> {
  return unwrap(
    await api().GET('/sessions/{session_id}/compactions/{compaction_id}', {
      params: { path: { session_id: sessionId, compaction_id: compactionId } },
      signal,
    }),
  );
}

/**
 * One compaction record, cached. Under the
 * session's prefix (every live frame of the session checks it again); an answer never replaces a
 * newer cached version, and a flag or notes save in flight stays on top (ledger-cache.ts).
 */
export function compactionQuery(sessionId: string, compactionId: string) {
  return queryOptions({
    queryKey: queryKeys.compaction(sessionId, compactionId),
    queryFn: ({ signal }) => getCompaction(sessionId, compactionId, signal),
    structuralSharing: (previous: unknown, next: unknown) => mergeRecord(previous as CompactionRecord | undefined, next as CompactionRecord),
  });
}
