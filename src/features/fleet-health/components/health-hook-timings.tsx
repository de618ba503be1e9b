import { Link } from 'react-router';
import type { Schemas } from '../../../domain/contract/types';
import { formatCount, formatDuration } from '../../../domain/format';
import type { LedgerSearch } from '../../../domain/ledger-search';

/** Hook timings across the scope, per plugin and hook; each plugin opens its page, each count its events. */
export function HealthHookTimings({ rows, ledgerLink, pluginLink }: { rows: readonly Schemas['HookTimingSummary'][]; ledgerLink: (p: Partial<LedgerSearch>) => string; pluginLink: (plugin: string) => string }) {
  return (
    <div className="health-hooks">
      <h3>Hook timings</h3>
      {rows.length === 0 ? (
        <p className="muted">No plugin hook fired in this range.</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">Plugin hook timings: p50 and p95 per plugin and hook</caption>
          <thead>
            <tr>
              <th scope="col">Plugin</th>
              <th scope="col">Hook</th>
              <th scope="col" className="end">Calls</th>
              <th scope="col" className="end">p50</th>
              <th scope="col" className="end">p95</th>
              <th scope="col" className="end">Max</th>
              <th scope="col" className="end">Errors</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.plugin}/${r.hook}`}>
                <td>
                  <Link to={pluginLink(r.plugin)}>{r.plugin}</Link>
                </td>
                <td className="mono">{r.hook}</td>
                <td className="end num">
                  <Link to={ledgerLink({ plugin: r.plugin })}>{formatCount(r.count)}</Link>
                </td>
                <td className="end num">{formatDuration(r.p50_ms)}</td>
                <td className="end num">{formatDuration(r.p95_ms)}</td>
                <td className="end num">{formatDuration(r.max_ms)}</td>
                <td className={r.errors > 0 ? 'end num warn' : 'end num'}>{formatCount(r.errors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
