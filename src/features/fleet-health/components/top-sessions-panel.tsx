import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import type { Schemas } from '../../../domain/contract/types';
import { formatCount, formatUsd } from '../../../domain/format';
import type { LedgerSearch } from '../../../domain/ledger-search';
import { sessionHref } from '../../../lib/routes';
import { topSessionsQuery } from '../api/get-top-sessions';
import { useAggregateQuery, useFiguresSettled, useLedgerLink } from '../hooks/use-scope-links';
import type { HealthScope } from '../lib/health-scope';
import '../../../components/panel.css';
import '../../../components/data-table.css';
import './health.css';

/** The sessions that spent most on compaction, and that compacted most. */
export function TopSessionsPanel({ scope }: { scope: HealthScope }) {
  const query = useAggregateQuery(scope);
  const ledgerLink = useLedgerLink(scope);
  const top = useQuery({ ...topSessionsQuery(query), placeholderData: keepPreviousData, enabled: useFiguresSettled(query) });
  return (
    <section className="panel" aria-labelledby="top-title">
      <header className="panel__header">
        <h2 id="top-title">Top sessions</h2>
      </header>
      {top.isError && !top.data ? (
        <ErrorState error={top.error} what="the top sessions" onRetry={() => void top.refetch()} />
      ) : !top.data ? (
        <Skeleton height={220} />
      ) : (
        <div className="health-row health-row--even">
          <TopList title="By compaction cost" rows={top.data.by_cost} figure={(s) => formatUsd(s.compactor_usd)} ledgerLink={ledgerLink} />
          <TopList title="By compaction count" rows={top.data.by_count} figure={(s) => `${formatCount(s.events)} events`} ledgerLink={ledgerLink} />
        </div>
      )}
    </section>
  );
}

function TopList({ title, rows, figure, ledgerLink }: { title: string; rows: readonly Schemas['TopSession'][]; figure: (s: Schemas['TopSession']) => string; ledgerLink: (p: Partial<LedgerSearch>) => string }) {
  return (
    <div className="top-sessions">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">No events in this range.</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{title}</caption>
          <tbody>
            {rows.map((s) => (
              <tr key={s.session_id}>
                <th scope="row" className="top-sessions__name">
                  <Link to={sessionHref(s.session_id)} title={s.session_id}>
                    {s.title}
                  </Link>
                  <span className="muted"> {s.project_id}</span>
                </th>
                <td className="end num">
                  <Link to={ledgerLink({ session: s.session_id })} aria-label={`${figure(s)}: ${s.title}'s events`}>
                    {figure(s)}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
