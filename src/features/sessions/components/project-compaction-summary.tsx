import { useSuspenseQuery } from '@tanstack/react-query';
import { projectStatsQuery } from '../api/get-project-stats';
import { CompactionSummary } from './compaction-summary';

/** The compaction summary over a project's sessions (GET /projects/{id}/compaction-stats). */
export function ProjectCompactionSummary({ projectId }: { projectId: string }) {
  const { data } = useSuspenseQuery(projectStatsQuery(projectId));
  return <CompactionSummary stats={data} />;
}
