import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { NotFoundState } from '../components/not-found-state';
import { Panel } from '../components/panel';
import { projectsQuery } from '../lib/api/endpoints/list-projects';
import { useSessionSearch } from '../features/sessions/hooks/use-session-search';
import { CompactionSummarySkeleton } from '../features/sessions/components/compaction-summary';
import { SessionFilters } from '../features/sessions/components/session-filters';
import { SessionsTable } from '../features/sessions/components/sessions-table';
import { SessionsTableSkeleton } from '../features/sessions/components/sessions-table-skeleton';
import { ProjectHeader } from './project-header';
import { ProjectCompactionSummary } from '../features/sessions/components/project-compaction-summary';

/** /projects/:projectId: the project's compaction summary and its sessions. */
export function ProjectPage() {
  const { projectId = '' } = useParams();
  const [search, setSearch] = useSessionSearch();
  const { data: projects } = useQuery(projectsQuery());
  const project = projects?.find((p) => p.id === projectId);
  const name = project?.name ?? projectId;
  if (projects && !project) {
    return (
      <div className="page">
        <title>Project not found · Compactor</title>
        <NotFoundState what="project" id={projectId} />
      </div>
    );
  }
  return (
    <div className="page">
      <title>{`${name} · Compactor`}</title>
      <ProjectHeader projectId={projectId} />
      <Panel title="Compaction summary" what="the project's compaction summary" skeleton={<CompactionSummarySkeleton />} resetKey={projectId}>
        <ProjectCompactionSummary projectId={projectId} />
      </Panel>
      <Panel
        title="Sessions"
        what="the project's sessions"
        skeleton={<SessionsTableSkeleton withProject={false} rows={project?.session_count} />}
        aside={<SessionFilters search={search} onSearchChange={setSearch} withProject={false} />}
        resetKey={projectId}
      >
        <SessionsTable search={search} onSearchChange={setSearch} projectId={projectId} />
      </Panel>
    </div>
  );
}
