import { Skeleton } from '../../../components/skeleton';
import '../../../components/record-table.css';
import './sessions-table.css';

export interface ColumnLayout {
  header: string;
  meta: {
    /** px, or a CSS width (a clamp() that narrows with the screen, auto for the flexible column) */
    width: number | string;
    align?: 'end';
  };
}

/**
 * The sessions table's columns as laid out (heading, width, alignment), in order: shared by the
 * table and its skeleton, which loads with the first screen (no table library needed for it).
 */
export const SESSION_COLUMNS = {
  // The fixed columns narrow with the screen (down to what their content needs at 1024 px), so the
  // session's name keeps a readable width and never collapses.
  title: { header: 'Session', meta: { width: 'auto' } },
  project: { header: 'Project', meta: { width: 'clamp(110px, 11vw, 200px)' } },
  status: { header: 'Status', meta: { width: 'clamp(140px, 12vw, 200px)' } },
  agents: { header: 'Agents', meta: { width: 'clamp(68px, 6vw, 84px)', align: 'end' } },
  // The context column holds its parts' line ("172k messages + 8.2k reserve") on one line at 1024 px.
  context: { header: 'Context', meta: { width: 'clamp(214px, 17vw, 260px)' } },
  compactions: { header: 'Compactions', meta: { width: 'clamp(102px, 8vw, 104px)', align: 'end' } },
  cost: { header: 'Cost', meta: { width: 'clamp(92px, 7vw, 104px)', align: 'end' } },
  updated: { header: 'Updated', meta: { width: 'clamp(88px, 8vw, 104px)', align: 'end' } },
} satisfies Record<string, ColumnLayout>;

type ColumnId = keyof typeof SESSION_COLUMNS;

/** The project column is left out on a project's own page. */
const shownColumns = (withProject: boolean) =>
  (Object.entries(SESSION_COLUMNS) as [ColumnId, ColumnLayout][]).filter(([id]) => withProject || id !== 'project');

export function ColGroup({ withProject }: { withProject: boolean }) {
  return (
    <colgroup>
      {shownColumns(withProject).map(([id, column]) => (
        <col key={id} style={{ width: column.meta.width }} />
      ))}
    </colgroup>
  );
}

const SKELETON_ROWS = 8;

interface SessionsTableSkeletonProps {
  withProject?: boolean;
  /** How many rows are expected, when known (a project's session count). */
  rows?: number;
}

/** The table while the sessions load: the same columns and row height. */
export function SessionsTableSkeleton({ withProject = true, rows = SKELETON_ROWS }: SessionsTableSkeletonProps) {
  return (
    <table className="record-table record-table--shaded sessions" aria-busy="true" aria-label="Sessions (loading)">
      <ColGroup withProject={withProject} />
      <thead>
        <tr>
          {shownColumns(withProject).map(([id, column]) => (
            <th key={id} className={column.meta.align === 'end' ? 'sessions__end' : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: Math.max(1, rows) }, (_, i) => (
          <tr key={i}>
            {shownColumns(withProject).map(([id, column]) => (
              <td key={id} className={column.meta.align === 'end' ? 'sessions__end' : undefined}>
                <Skeleton width={column.meta.align === 'end' ? '60%' : '75%'} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
