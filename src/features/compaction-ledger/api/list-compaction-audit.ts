import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/api/query-keys';

/** GET /audit?compaction_id=: the audit events of one compaction, oldest first. */
export function compactionAuditQuery(sessionId: string, compactionId: string) {
  return queryOptions({
    queryKey: queryKeys.compactionAudit(sessionId, compactionId),
    queryFn: async ({ signal }) =>
      unwrap(await api().GET('/audit', { params: { query: { session_id: sessionId, compaction_id: compactionId, limit: 200 } }, signal })),
  });
}
