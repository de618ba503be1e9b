import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { healthKeys } from './health-keys';
import type { AggregateQuery, Dimension } from '../lib/health-scope';

/** GET /compaction-health/breakdown?by=: the events per strategy, agent path, trigger, plugin or summarizer model. */
export function breakdownQuery(query: AggregateQuery, by: Dimension) {
  return queryOptions({
    queryKey: healthKeys.breakdown(query, by),
    queryFn: async ({ signal }) => unwrap(await api().GET('/compaction-health/breakdown', { params: { query: { ...query, by } }, signal })),
    staleTime: 30_000,
  });
}
