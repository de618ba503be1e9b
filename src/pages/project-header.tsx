import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { projectsQuery } from '../lib/api/endpoints/list-projects';
import { formatCount } from '../domain/format';
import { compactionsHref, healthHref } from '../lib/routes';

/** The project page's heading (also drawn while the page's code loads): its name and session count. */
export function ProjectHeader({ projectId }: { projectId: string }) {
  const { data: projects } = useQuery(projectsQuery());
  const project = projects?.find((p) => p.id === projectId);
  return (
    <header className="page__header">
      <div>
        <nav className="page__crumbs" aria-label="Breadcrumb">
          <Link to="/sessions">Sessions</Link>
          <span aria-hidden="true">/</span>
          <span>Project</span>
        </nav>
        <div className="page__title">
          <h1>{project?.name ?? projectId}</h1>
          <span className="muted num">{project ? `${formatCount(project.session_count)} sessions` : '\u00a0'}</span>
        </div>
      </div>
      <nav className="page__links" aria-label="Across the project's sessions">
        <Link to={healthHref(new URLSearchParams({ project: projectId }))}>Compaction health</Link>
        <Link to={compactionsHref(`?project=${encodeURIComponent(projectId)}`)}>All compactions</Link>
      </nav>
    </header>
  );
}
