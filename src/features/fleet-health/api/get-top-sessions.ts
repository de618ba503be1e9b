import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { healthKeys } from './health-keys';
import type { AggregateQuery } from '../lib/health-scope';

/** GET /compaction-health/top-sessions: the sessions that spent the most on compaction, and that compacted most. */
export function topSessionsQuery(query: AggregateQuery) {
  return queryOptions({
    queryKey: healthKeys.topSessions(query),
    queryFn: async ({ signal }) => unwrap(await api().GET('/compaction-health/top-sessions', { params: { query: { ...query, limit: 8 } }, signal })),
    staleTime: 30_000,
  });
}
