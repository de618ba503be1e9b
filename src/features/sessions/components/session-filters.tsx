import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Select } from '../../../components/select';
import { projectsQuery } from '../../../lib/api/endpoints/list-projects';
import type { UpdateSessionSearch } from '../hooks/use-session-search';
import { SESSION_STATUSES, type SessionListSearch } from '../lib/session-search';
import './session-filters.css';

const ANY = '__any__';

const STATUS_LABEL: Record<(typeof SESSION_STATUSES)[number], string> = {
  running: 'Running',
  idle: 'Idle',
  paused: 'Paused',
  context_overflow: 'Context overflow',
};

interface SessionFiltersProps {
  search: SessionListSearch;
  onSearchChange: UpdateSessionSearch;
  /** Offer the project filter (not on a project's own page). */
  withProject?: boolean;
}

/** Project, status and text filters for the sessions list; they write the URL. */
export function SessionFilters({ search, onSearchChange, withProject = true }: SessionFiltersProps) {
  const projects = useQuery(projectsQuery());
  // While typing, the field shows what was typed; otherwise what the URL says (back/forward, clear).
  const [draft, setDraft] = useState<string | null>(null);
  const projectOptions = [
    { value: ANY, label: 'All projects' },
    ...(projects.data ?? []).map((p) => ({ value: p.id, label: p.name })),
    ...(search.project && !projects.data?.some((p) => p.id === search.project) ? [{ value: search.project, label: search.project }] : []),
  ];
  const active = (withProject && search.project !== null) || search.status !== null || search.q !== '';

  return (
    <div className="filters" role="search" aria-label="Filter sessions">
      {withProject && (
        <Select
          label="Project"
          showLabel
          className="filters__project"
          value={search.project ?? ANY}
          options={projectOptions}
          onValueChange={(value) => onSearchChange({ project: value === ANY ? null : value })}
        />
      )}
      <Select
        label="Status"
        showLabel
        className="filters__status"
        value={search.status ?? ANY}
        options={[{ value: ANY, label: 'Any' }, ...SESSION_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))]}
        onValueChange={(value) => onSearchChange({ status: value === ANY ? null : (value as SessionListSearch['status']) })}
      />
      <input
        type="search"
        className="input filters__text"
        placeholder="Filter by title, id, project…"
        aria-label="Filter by text"
        value={draft ?? search.q}
        onChange={(event) => {
          setDraft(event.target.value);
          onSearchChange({ q: event.target.value }, { replace: true });
        }}
        onBlur={() => setDraft(null)}
      />
      <button
        type="button"
        className="button button--quiet"
        disabled={!active}
        onClick={() => {
          setDraft(null);
          onSearchChange(withProject ? { project: null, status: null, q: '' } : { status: null, q: '' });
        }}
      >
        Clear
      </button>
    </div>
  );
}
