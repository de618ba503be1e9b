import { Link } from 'react-router';
import { formatCount, formatPercent } from '../../../domain/format';
import type { FallbackSummary } from '../lib/fallbacks';

/** Fallback occurrences and their reasons, most frequent first, each bar on the share of fallbacks. */
export function FallbackList({ summary, ledgerLink }: { summary: FallbackSummary; ledgerLink: string }) {
  if (summary.total === 0) {
    return <p className="chart-card__empty">No fallback: every strategy completed as configured.</p>;
  }
  return (
    <div className="fallbacks">
      <p className="fallbacks__total">
        <span className="fallbacks__figure num">{formatCount(summary.total)}</span> {summary.total === 1 ? 'event' : 'events'} fell back to drop (
        {formatPercent(summary.rate)} of events) · <Link to={ledgerLink}>show them in the ledger</Link>
      </p>
      <table className="chart-table__table">
        <caption className="visually-hidden">Fallback reasons</caption>
        <thead>
          <tr>
            <th scope="col">Reason</th>
            <th scope="col" className="chart-table__end">
              Events
            </th>
            <th scope="col">
              <span className="visually-hidden">Share</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.reasons.map((r) => (
            <tr key={r.reason}>
              <td className="fallbacks__reason" title={r.reason}>
                {r.reason}
              </td>
              <td className="chart-table__end num">{formatCount(r.count)}</td>
              <td className="fallbacks__bar-cell">
                <span className="fallbacks__bar" aria-hidden="true">
                  <span style={{ width: `${r.share * 100}%` }} />
                </span>
                <span className="num muted">{formatPercent(r.share)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
