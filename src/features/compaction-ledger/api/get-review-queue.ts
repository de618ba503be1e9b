import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';

/**
 * GET /review-queue?plugin=&started_at=&after=: the plugin's next unrated event after `after`
 * (across sessions, oldest first), its place in the queue and how many remain. The queue holds the
 * events rated since started_at too, so the position counts up as the operator works through it.
 */
export function reviewQueueQuery(plugin: string, startedAt: string | null, after: string | null) {
  return queryOptions({
    queryKey: ['review-queue', plugin, startedAt, after] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api().GET('/review-queue', {
          params: { query: { plugin, ...(startedAt ? { started_at: startedAt } : {}), ...(after ? { after } : {}) } },
          signal,
        }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
