import { Skeleton } from '../../../components/skeleton';
import '../../../components/record-table.css';
import './checkpoints.css';

const HEAD = ['Checkpoint', 'Kind', 'Agent', 'When', 'What', ''] as const;
const COLS = ['ck-col-id', 'ck-col-kind', 'ck-col-agent', 'ck-col-when', 'ck-col-what', 'ck-col-action'] as const;

export function Head() {
  return (
    <thead>
      <tr>
        {HEAD.map((h, i) => (
          <th key={COLS[i]} className={COLS[i]} scope="col">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The panel's table while the checkpoints load. */
export function CheckpointsPanelSkeleton() {
  return (
    <table className="record-table record-table--shaded ck-table" aria-busy="true">
      <Head />
      <tbody>
        {[0, 1, 2].map((i) => (
          <tr key={i}>
            {COLS.map((c) => (
              <td key={c} className={c}>
                <Skeleton width="70%" />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
