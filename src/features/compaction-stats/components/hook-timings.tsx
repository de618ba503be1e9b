import { Link } from 'react-router';
import { formatCount, formatDuration, formatPercent } from '../../../domain/format';
import type { HookTimingRow } from '../lib/hook-timings';

const KIND_LABEL: Record<string, string> = {
  inject: 'inject',
  retain: 'retain',
  compactor_result: 'compactor result',
  null: 'null',
  error: 'error',
};

function TimingBar({ row, slowest }: { row: HookTimingRow; slowest: number }) {
  const pct = (ms: number) => `${slowest > 0 ? Math.max(0.5, (ms / slowest) * 100) : 0}%`;
  return (
    <span className="timing-bar" aria-hidden="true">
      <span className="timing-bar__max" style={{ width: pct(row.max) }} />
      <span className="timing-bar__p95" style={{ width: pct(row.p95) }} />
      <span className="timing-bar__p50" style={{ width: pct(row.p50) }} />
    </span>
  );
}

function Kinds({ row }: { row: HookTimingRow }) {
  const present = row.kinds.filter((k) => k.count > 0);
  return (
    <span className="kinds">
      <span className="kinds__bar" aria-hidden="true">
        {present.map((k) => (
          <span key={k.kind} className={`kinds__part kinds__part--${k.kind}`} style={{ width: `${k.share * 100}%` }} />
        ))}
      </span>
      <span className="kinds__list">
        {present.map((k) => (
          <span key={k.kind} className={`kinds__item kinds__item--${k.kind}`} title={`${formatCount(k.count)} of ${formatCount(row.count)} (${formatPercent(k.share)})`}>
            <span className={`kinds__dot kinds__part--${k.kind}`} aria-hidden="true" />
            {KIND_LABEL[k.kind] ?? k.kind} <span className="num">{formatCount(k.count)}</span>
          </span>
        ))}
      </span>
    </span>
  );
}

/** Hook timings per plugin and hook: p50, p95 and max with bars on one scale, and what the hook returned. */
export function HookTimingsTable({ rows, slowest, ledgerLink }: { rows: readonly HookTimingRow[]; slowest: number; ledgerLink: (plugin: string) => string }) {
  return (
    <div className="chart-table hook-timings">
      <table>
        <caption className="visually-hidden">Plugin hook timings per plugin and hook, with result kinds</caption>
        <thead>
          <tr>
            <th scope="col">Plugin</th>
            <th scope="col">Hook</th>
            <th scope="col" className="chart-table__end">
              Calls
            </th>
            <th scope="col" className="chart-table__end">
              p50
            </th>
            <th scope="col" className="chart-table__end">
              p95
            </th>
            <th scope="col" className="chart-table__end">
              max
            </th>
            <th scope="col" className="hook-timings__bar-head">
              <span className="visually-hidden">Timing bar: </span>
              <span aria-hidden="true">
                <span className="legend-chip legend-chip--p50" /> p50 <span className="legend-chip legend-chip--p95" /> p95 <span className="legend-chip legend-chip--max" /> max, scale {formatDuration(slowest)}
              </span>
            </th>
            <th scope="col">Results</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={row.errors > 0 ? 'hook-timings__row--errors' : undefined}>
              <td>
                <Link to={ledgerLink(row.plugin)} title={`Show the events in which ${row.plugin} fired`}>
                  {row.plugin}
                </Link>
              </td>
              <td className="mono">{row.hook}</td>
              <td className="chart-table__end num">{formatCount(row.count)}</td>
              <td className="chart-table__end num">{formatDuration(row.p50)}</td>
              <td className="chart-table__end num">{formatDuration(row.p95)}</td>
              <td className="chart-table__end num">{formatDuration(row.max)}</td>
              <td>
                <TimingBar row={row} slowest={slowest} />
              </td>
              <td>
                <Kinds row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
