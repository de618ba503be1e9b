import type { ReactNode } from 'react';
import type { Schemas } from '../../../domain/contract/types';
import { formatCount, formatDuration } from '../../../domain/format';
import '../../../components/data-table.css';

type Timing = Pick<Schemas['HookTimingSummary'], 'count' | 'p50_ms' | 'p95_ms' | 'max_ms' | 'errors'>;

/** A column naming the hook's row (plugin, hook, role), before the timing figures. */
export interface HookColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

interface HookTimingTableProps<T extends Timing> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The columns that name each row. */
  lead: readonly HookColumn<T>[];
  caption?: string;
  /** Whether the slowest call is shown (Max). */
  showMax?: boolean;
  /** What the Calls cell shows (a link to the events, say); the count by default. */
  calls?: (row: T) => ReactNode;
}

/** Hook timings, a row per hook: what names it, then calls, p50, p95 (and max) and errors (errors marked when any). */
export function HookTimingTable<T extends Timing>({ rows, rowKey, lead, caption, showMax = false, calls }: HookTimingTableProps<T>) {
  return (
    <table className="data-table">
      {caption === undefined ? null : <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {lead.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
          <th scope="col" className="end">Calls</th>
          <th scope="col" className="end">p50</th>
          <th scope="col" className="end">p95</th>
          {showMax ? <th scope="col" className="end">Max</th> : null}
          <th scope="col" className="end">Errors</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)}>
            {lead.map((column) => (
              <td key={column.header} className={column.className}>
                {column.cell(r)}
              </td>
            ))}
            <td className="end num">{calls ? calls(r) : formatCount(r.count)}</td>
            <td className="end num">{formatDuration(r.p50_ms)}</td>
            <td className="end num">{formatDuration(r.p95_ms)}</td>
            {showMax ? <td className="end num">{formatDuration(r.max_ms)}</td> : null}
            <td className={r.errors > 0 ? 'end num warn' : 'end num'}>{formatCount(r.errors)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
