import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/api/query-keys';

/** GET /sessions/{session_id}/compactions/{compaction_id}: one compaction record. */
export function compactionQuery(sessionId: string, compactionId: string) {
  return queryOptions({
    queryKey: queryKeys.compaction(sessionId, compactionId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api().GET('/sessions/{session_id}/compactions/{compaction_id}', {
          params: { path: { session_id: sessionId, compaction_id: compactionId } },
          signal,
        }),
      ),
  });
}
