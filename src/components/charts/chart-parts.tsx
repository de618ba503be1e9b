/** What the charts share: their tables (the same figures as rows) and tooltips. Loaded with the charts. */
import type { ReactNode } from 'react';
import type { TooltipContentProps } from 'recharts';
import { formatDateTime } from '../../domain/format';

export interface TableColumn<Row> {
  header: string;
  align?: 'end';
  cell: (row: Row) => ReactNode;
}

interface ChartTableProps<Row> {
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}

/** The same figures as the chart, as a table: the accessible alternative (and the exact values). */
export function ChartTable<Row>({ caption, columns, rows, rowKey }: ChartTableProps<Row>) {
  return (
    <div className="chart-table">
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.align === 'end' ? 'chart-table__end' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} className={column.align === 'end' ? 'chart-table__end num' : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The box of every chart tooltip. */
export function TooltipBox({ title, rows }: { title: ReactNode; rows: readonly [string, ReactNode][] }) {
  return (
    <div className="chart-tooltip">
      <p className="chart-tooltip__title">{title}</p>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="chart-tooltip__row">
            <dt>{label}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A per-event table: newest event first, led by its time and id, then the chart's own columns. */
export function PerEventTable<Row extends { id: string; at: string }>({
  caption,
  points,
  columns,
}: {
  caption: string;
  points: readonly Row[];
  columns: readonly TableColumn<Row>[];
}) {
  return (
    <ChartTable
      caption={caption}
      rowKey={(p) => p.id}
      rows={[...points].reverse()}
      columns={[
        { header: 'Time (UTC)', cell: (p) => formatDateTime(p.at).replace(' UTC', '') },
        { header: 'Event', cell: (p) => <span className="mono">{p.id}</span> },
        ...columns,
      ]}
    />
  );
}

/**
 * The tooltip of a per-event chart: titled by the event id and time, then the chart's own rows.
 * Recharts renders the returned component with the hovered point in its payload.
 */
export function eventTooltip<Point extends { id: string; at: string }>(rows: (point: Point) => readonly [string, ReactNode][]) {
  return function EventTooltip({ active, payload }: TooltipContentProps) {
    const point = payload?.[0]?.payload as Point | undefined;
    if (!active || !point) return null;
    return (
      <TooltipBox
        title={
          <>
            <span className="mono">{point.id}</span> · {formatDateTime(point.at)}
          </>
        }
        rows={rows(point)}
      />
    );
  };
}
