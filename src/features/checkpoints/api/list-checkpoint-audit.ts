import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/api/query-keys';

/** GET /audit?session_id=&type=…: the audit trail of the session's checkpoints and rollbacks. */
export function checkpointAuditQuery(sessionId: string) {
  return queryOptions({
    queryKey: queryKeys.checkpointAudit(sessionId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api().GET('/audit', {
          params: {
            query: {
              session_id: sessionId,
              type: ['compaction.checkpoint_created', 'compaction.checkpoint_resolved', 'compaction.rolled_back'],
              limit: 1000,
            },
          },
          // The contract's `type` is style form, explode false: type=a,b,c.
          querySerializer: { array: { style: 'form', explode: false } },
          signal,
        }),
      ).items,
  });
}
