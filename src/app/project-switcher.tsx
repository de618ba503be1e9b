import { useQuery } from '@tanstack/react-query';
import { useMatch, useNavigate } from 'react-router';
import { Select } from '../components/select';
import { formatCount } from '../domain/format';
import { describeError } from '../lib/api/api-error';
import { autoRetryDelayMs } from '../lib/api/auto-retry';
import { projectsQuery } from '../lib/api/endpoints/list-projects';
import { useAutoRetry } from '../hooks/use-auto-retry';
import { uriComponent } from '../lib/routes';

const ALL = '__all__';

/** Jumps to a project's page (or back to all sessions). */
export function ProjectSwitcher() {
  const navigate = useNavigate();
  const current = useMatch('/projects/:projectId')?.params.projectId ?? ALL;
  const projects = useQuery(projectsQuery());
  if (projects.isError && projects.data === undefined) return <ProjectsFailed error={projects.error} onRetry={() => void projects.refetch()} />;
  const options = [
    { value: ALL, label: 'All projects' },
    ...(projects.data ?? []).map((p) => ({ value: p.id, label: p.name, hint: formatCount(p.session_count) })),
  ];
  if (!options.some((o) => o.value === current)) options.push({ value: current, label: current, hint: '' });
  return (
    <Select
      label="Go to project"
      className="topbar__projects"
      value={current}
      options={options}
      onValueChange={(value) => void navigate(value === ALL ? '/sessions' : `/projects/${uriComponent(value)}`)}
    />
  );
}

/**
 * The project list could not be read: said in the top bar in the switcher's room (the reason on
 * hover and to screen readers), with a retry; by itself too where another read may pass.
 */
function ProjectsFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const retriesByItself = useAutoRetry(error, onRetry);
  const detail = `${describeError(error)}${retriesByItself ? ` Trying again in ${Math.round(autoRetryDelayMs(error) / 1000)} s.` : ''}`;
  return (
    <div className="topbar__projects-failed" role="alert" title={`Projects not loaded: ${detail}`}>
      <span className="visually-hidden">Projects not loaded: {detail}</span>
      <button type="button" className="button" onClick={onRetry}>
        Retry projects
      </button>
    </div>
  );
}
