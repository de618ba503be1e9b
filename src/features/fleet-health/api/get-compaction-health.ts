import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { healthKeys } from './health-keys';
import type { AggregateQuery } from '../lib/health-scope';

/** GET /compaction-health: a project's (or every project's) compaction health over a time range. */
export function compactionHealthQuery(query: AggregateQuery) {
  return queryOptions({
    queryKey: healthKeys.scope(query),
    queryFn: async ({ signal }) => unwrap(await api().GET('/compaction-health', { params: { query }, signal })),
    staleTime: 30_000,
  });
}
