import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../client';
import { queryKeys } from '../query-keys';

/** GET /projects */
export function projectsQuery() {
  return queryOptions({
    queryKey: queryKeys.projects,
    queryFn: async ({ signal }) => unwrap(await api().GET('/projects', { signal })).items,
    staleTime: 60_000,
  });
}
