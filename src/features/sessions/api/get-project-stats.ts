import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/api/query-keys';

/** GET /projects/{project_id}/compaction-stats: compaction aggregated over the project's sessions. */
export function projectStatsQuery(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.projectStats(projectId),
    queryFn: async ({ signal }) =>
      unwrap(await api().GET('/projects/{project_id}/compaction-stats', { params: { path: { project_id: projectId } }, signal })),
  });
}
