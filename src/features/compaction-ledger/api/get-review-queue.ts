import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import type { FlagFilter } from '../../../domain/ledger-search';

/**
 * GET /review-queue?plugin=&flag=&started_at=&after=: the plugin's next event still to review after
 * `after` (across sessions, oldest first): an unrated one, or (flag) one flagged so when the walk
 * began, to review again. With its place in the queue and how many remain. The queue holds the
 * events rated since started_at too, so the position counts up as the operator works through it.
 */
export function reviewQueueQuery(plugin: string, flag: FlagFilter, startedAt: string | null, after: string | null) {
  return queryOptions({
    queryKey: ['review-queue', plugin, flag, startedAt, after] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api().GET('/review-queue', {
          params: { query: { plugin, ...(flag !== 'unflagged' ? { flag } : {}), ...(startedAt ? { started_at: startedAt } : {}), ...(after ? { after } : {}) } },
          signal,
        }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
