import { useSuspenseQuery } from '@tanstack/react-query';
import { projectStatsQuery } from '../api/get-project-stats';
import { sessionStatsQuery } from '../api/get-session-stats';
import { CompactionSummary } from './compaction-summary';

/** The compaction summary over a project's sessions (GET /projects/{id}/compaction-stats). */
export function ProjectCompactionSummary({ projectId }: { projectId: string }) {
  const { data } = useSuspenseQuery(projectStatsQuery(projectId));
  return <CompactionSummary stats={data} withCost />;
}

/** The compaction summary over a session's agents (GET /sessions/{id}/compaction-stats). */
export function SessionCompactionSummary({ sessionId }: { sessionId: string }) {
  const { data } = useSuspenseQuery(sessionStatsQuery(sessionId));
  return <CompactionSummary stats={data} withCost={false} />;
}
