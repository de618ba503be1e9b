import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/api/query-keys';

/**
 * GET /sessions, all of them: the list filters and sorts in the browser (the list is small and the
 * live stream keeps one cached copy fresh for every filter and for the project pages).
 */
export function sessionsQuery() {
  return queryOptions({
    queryKey: queryKeys.sessions,
    queryFn: async ({ signal }) => unwrap(await api().GET('/sessions', { signal })).items,
  });
}
