import { useId, useState, type ReactNode } from 'react';

interface ChartCardProps {
  title: string;
  /** The units, under the title: "tokens per event". */
  unit: string;
  /** One line of figures beside the title. */
  summary?: ReactNode;
  /** The card has a summary once its data is in: its line is kept while there is none, so nothing below moves when it comes. */
  summaryLine?: boolean;
  /** What the chart shows, for screen readers (the table has the figures). */
  description: string;
  chart: ReactNode;
  table: ReactNode;
  /** Chart height in px (the table view takes the same space, scrolling). */
  height: number;
  className?: string;
  empty?: ReactNode;
}

/**
 * A titled chart with a Chart/Table switch: the chart only draws prepared data; the table has the
 * same rows. Both occupy the same height, so switching does not move the page.
 */
export function ChartCard({ title, unit, summary, summaryLine, description, chart, table, height, className, empty }: ChartCardProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  return (
    <figure className={className ? `chart-card ${className}` : 'chart-card'} aria-labelledby={titleId}>
      <div className="chart-card__head">
        <div className="chart-card__title">
          <h3 id={titleId}>{title}</h3>
          <span className="chart-card__unit">{unit}</span>
          {(summary || summaryLine) && <span className="chart-card__summary num">{summary || '\u00a0'}</span>}
        </div>
        {!empty && (
          <div className="chart-card__switch" role="group" aria-label={`${title}: show as`}>
            <button type="button" aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
              Chart
            </button>
            <button type="button" aria-pressed={view === 'table'} onClick={() => setView('table')}>
              Table
            </button>
          </div>
        )}
      </div>
      <figcaption className="visually-hidden">{description} The Table switch shows the same figures as a table.</figcaption>
      <div className="chart-card__body" style={{ height }}>
        {empty ?? (
          <>
            {view === 'chart' ? (
              <div className="chart-card__chart">{chart}</div>
            ) : (
              table
            )}
          </>
        )}
      </div>
    </figure>
  );
}

/** What a card shows instead of a chart when there is nothing to draw. */
export function ChartEmpty({ children }: { children: ReactNode }) {
  return <p className="chart-card__empty">{children}</p>;
}
