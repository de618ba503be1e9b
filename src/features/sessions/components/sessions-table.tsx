import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import {
  columnVisibilityFeature,
  createColumnHelper,
  createSortedRowModel,
  functionalUpdate,
  metaHelper,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useMemo, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LazyPart } from '../../../components/lazy-part';
import { ContextBar } from '../../../components/context-bar';
import { CostTotal } from '../../../components/cost';
import { EmptyState } from '../../../components/empty-state';
import { FollowedBadge } from '../../../components/followed-badge';
import { SessionStatusBadge } from '../../../components/status-badge';
import { TimeAgo } from '../../../components/time-ago';
import { formatCount } from '../../../domain/format';
import type { SessionSummary } from '../../../domain/contract/types';
import { PendingReviewLink } from '../../../components/pending-review';
import { projectsQuery } from '../../../lib/api/endpoints/list-projects';
import { sessionsQuery } from '../api/list-sessions';
import type { UpdateSessionSearch } from '../hooks/use-session-search';
import { matchesText, type SessionListSearch } from '../lib/session-search';
import { ColGroup, SESSION_COLUMNS, type ColumnLayout } from './sessions-table-skeleton';
import '../../../components/record-table.css';
import './sessions-table.css';
import { uriComponent } from '../../../lib/routes';
import { lazyComponent } from '../../../lib/lazy-component';

interface SessionRow extends SessionSummary {
  projectName: string;
  /** estimate / window of the primary agent */
  contextFraction: number;
}

const features = tableFeatures({
  columnMeta: metaHelper<ColumnLayout['meta']>(),
  columnVisibilityFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { text: sortFn_text, basic: sortFn_basic },
});

const helper = createColumnHelper<typeof features, SessionRow>();

const columns = helper.columns([
  helper.accessor('title', {
    id: 'title',
    header: SESSION_COLUMNS.title.header,
    sortFn: 'text',
    meta: SESSION_COLUMNS.title.meta,
    cell: ({ row }) => (
      <Link to={`/sessions/${uriComponent(row.original.id)}`} className="sessions__title" title={`${row.original.title} (${row.original.id})`}>
        {row.original.title}
      </Link>
    ),
  }),
  helper.accessor('projectName', {
    id: 'project',
    header: SESSION_COLUMNS.project.header,
    sortFn: 'text',
    meta: SESSION_COLUMNS.project.meta,
    cell: ({ row }) => (
      <Link to={`/projects/${uriComponent(row.original.project_id)}`} className="sessions__ellipsis sessions__project" title={`${row.original.projectName}: the project's sessions and figures`}>
        {row.original.projectName}
      </Link>
    ),
  }),
  helper.accessor('status', {
    id: 'status',
    header: SESSION_COLUMNS.status.header,
    sortFn: 'text',
    meta: SESSION_COLUMNS.status.meta,
    cell: ({ row }) => (
      <span className="badges">
        {/* The approval-pending badge is the link to the proposal's review. */}
        <SessionStatusBadge status={row.original.status} />
        {row.original.followed && <FollowedBadge followed={row.original.followed} short />}
        <PendingReviewLink session={row.original} />
      </span>
    ),
  }),
  helper.accessor('agent_count', {
    id: 'agents',
    header: SESSION_COLUMNS.agents.header,
    sortFn: 'basic',
    sortDescFirst: true,
    meta: SESSION_COLUMNS.agents.meta,
    cell: ({ row }) => <span className="num">{formatCount(row.original.agent_count)}</span>,
  }),
  helper.accessor('contextFraction', {
    id: 'context',
    header: SESSION_COLUMNS.context.header,
    sortFn: 'basic',
    sortDescFirst: true,
    meta: SESSION_COLUMNS.context.meta,
    cell: ({ row }) => {
      const context = row.original.primary_context;
      return (
        <ContextBar
          compact
          shortParts
          parts={context.estimate_parts}
          compactionCount={row.original.compaction_count}
          window={context.window}
          upperThreshold={context.upper_threshold}
          lowerThreshold={context.lower_threshold}
        />
      );
    },
  }),
  helper.accessor('compaction_count', {
    id: 'compactions',
    header: SESSION_COLUMNS.compactions.header,
    sortFn: 'basic',
    sortDescFirst: true,
    meta: SESSION_COLUMNS.compactions.meta,
    cell: ({ row }) => (
      <span className="num" title="Compactions in effect: rolled-back ones are not counted (the session's ledger lists them too, marked undone)">
        {formatCount(row.original.compaction_count)}
      </span>
    ),
  }),
  helper.accessor((row) => row.cost.total_usd, {
    id: 'cost',
    header: SESSION_COLUMNS.cost.header,
    sortFn: 'basic',
    sortDescFirst: true,
    meta: SESSION_COLUMNS.cost.meta,
    cell: ({ row }) => <CostTotal cost={row.original.cost} />,
  }),
  helper.accessor('updated_at', {
    id: 'updated',
    header: SESSION_COLUMNS.updated.header,
    sortFn: 'text',
    sortDescFirst: true,
    meta: SESSION_COLUMNS.updated.meta,
    cell: ({ row }) => <TimeAgo iso={row.original.updated_at} />,
  }),
]);

interface SessionsTableProps {
  search: SessionListSearch;
  onSearchChange: UpdateSessionSearch;
  /** Only this project's sessions (the project page). */
  projectId?: string;
}

/** Implausible figures in the list, named (loaded after the list, outside its first chunk). */
const SessionsNotices = lazyComponent<{ sessions: readonly SessionSummary[] }>(() => import('./sessions-notices').then((m) => m.SessionsNotices));

/** The sessions, filtered and sorted as the URL says; each row links to its session. */
export function SessionsTable({ search, onSearchChange, projectId }: SessionsTableProps) {
  const { data: sessions } = useSuspenseQuery(sessionsQuery());
  // Names are an enrichment: without them the list still works, showing project ids.
  const { data: projects } = useQuery(projectsQuery());
  const navigate = useNavigate();

  const rows = useMemo<SessionRow[]>(() => {
    const names = new Map(projects?.map((p) => [p.id, p.name]));
    return sessions.map((s) => ({
      ...s,
      projectName: names.get(s.project_id) ?? s.project_id,
      contextFraction: s.primary_context.estimate_tokens / s.primary_context.window.tokens,
    }));
  }, [sessions, projects]);

  // Filtered here (the URL's project, status and text), sorted by the table.
  const project = projectId ?? search.project;
  const shown = useMemo(
    () =>
      rows.filter(
        (row) =>
          (!project || row.project_id === project) &&
          (!search.status || row.status === search.status) &&
          (!search.q || matchesText(row, row.projectName, search.q)),
      ),
    [rows, project, search.status, search.q],
  );

  const columnVisibility = useMemo(() => ({ project: projectId === undefined }), [projectId]);
  const table = useTable({
    features,
    columns,
    data: shown,
    getRowId: (row) => row.id,
    state: { sorting: search.sort, columnVisibility },
    // Header clicks sort through the table; the filters are written to the URL by the filter bar.
    onSortingChange: (updater) => onSearchChange({ sort: functionalUpdate(updater, search.sort) }),
    enableSortingRemoval: false,
  });

  const visible = table.getRowModel().rows;
  const inScope = projectId ? sessions.filter((s) => s.project_id === projectId).length : sessions.length;

  if (inScope === 0) {
    return (
      <EmptyState title={projectId ? 'This project has no sessions yet' : 'No sessions yet'}>
        Sessions appear here as soon as kaged runs an agent.
      </EmptyState>
    );
  }

  const openRow = (event: MouseEvent<HTMLTableRowElement>, id: string) => {
    const target = event.target as HTMLElement;
    if (event.button !== 0 || target.closest('a, button') || window.getSelection()?.toString()) return;
    void navigate(`/sessions/${uriComponent(id)}`);
  };

  return (
    <>
      <LazyPart what="the checks of the sessions' figures" fallback={null}>
        <SessionsNotices sessions={sessions} />
      </LazyPart>
      <table className="record-table record-table--shaded sessions" aria-label="Sessions">
        <ColGroup withProject={projectId === undefined} />
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const end = header.column.columnDef.meta?.align === 'end';
                return (
                  <th
                    key={header.id}
                    className={end ? 'sessions__end' : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                  >
                    <button type="button" className="sessions__sort" onClick={header.column.getToggleSortingHandler()}>
                      <table.FlexRender header={header} />
                      <span className="sessions__sort-icon" aria-hidden="true">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {visible.map((row) => (
            <tr key={row.id} className="sessions__row" onClick={(event) => openRow(event, row.id)}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={cell.column.columnDef.meta?.align === 'end' ? 'sessions__end' : undefined}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {visible.length === 0 ? (
        <EmptyState title="No session matches these filters">
          <button type="button" className="button" onClick={() => onSearchChange({ project: null, status: null, q: '' })}>
            Clear filters
          </button>
        </EmptyState>
      ) : (
        <p className="sessions__footer num">
          {visible.length === inScope ? `${formatCount(inScope)} sessions` : `${formatCount(visible.length)} of ${formatCount(inScope)} sessions`}
        </p>
      )}
    </>
  );
}
