import { useQuery } from '@tanstack/react-query';
import { useMatch, useNavigate } from 'react-router';
import { Select } from '../components/select';
import { formatCount } from '../lib/format';
import { projectsQuery } from '../lib/api/endpoints/list-projects';
import { uriComponent } from '../lib/routes';

const ALL = '__all__';

/** Jumps to a project's page (or back to all sessions). */
export function ProjectSwitcher() {
  const navigate = useNavigate();
  const current = useMatch('/projects/:projectId')?.params.projectId ?? ALL;
  const projects = useQuery(projectsQuery());
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
      disabled={projects.isError && current === ALL}
      onValueChange={(value) => void navigate(value === ALL ? '/sessions' : `/projects/${uriComponent(value)}`)}
    />
  );
}
