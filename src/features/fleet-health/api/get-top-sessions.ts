import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import type { AggregateQuery } from '../lib/health-scope';

/** GET /compaction-health/top-sessions: the sessions that spent the most on compaction, and that compacted most. */
export function topSessionsQuery(query: AggregateQuery) {
  return queryOptions({
    queryKey: ['compaction-health', query, 'top-sessions'] as const,
    queryFn: async ({ signal }) => unwrap(await api().GET('/compaction-health/top-sessions', { params: { query: { ...query, limit: 8 } }, signal })),
    staleTime: 30_000,
  });
}
