import { Skeleton } from '../../../components/skeleton';
import '../../../components/record-table.css';
import './agents-panel.css';

const HEADERS = [
  { label: 'Agent', className: 'agents__agent' },
  { label: 'Model', className: 'agents__model' },
  { label: 'Window', className: 'agents__window' },
  { label: 'Context', className: 'agents__context' },
  { label: 'Strategy', className: 'agents__strategy' },
  { label: 'Messages', className: 'agents__messages' },
  { label: 'Compactions', className: 'agents__compactions' },
] as const;

export function Head() {
  return (
    <thead>
      <tr>
        {HEADERS.map((h) => (
          <th key={h.label} className={h.className}>
            {h.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The agents table while the session loads: one row per agent when the count is known. */
export function AgentsPanelSkeleton({ rows = 1 }: { rows?: number }) {
  return (
    <table className="record-table record-table--shaded agents" aria-busy="true">
      <Head />
      <tbody>
        {Array.from({ length: Math.max(1, rows) }, (_, i) => (
          <tr key={i}>
            {HEADERS.map((h) => (
              <td key={h.label} className={h.className}>
                <Skeleton width="70%" />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
