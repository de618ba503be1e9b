import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import type { Schemas } from '../../../domain/contract/types';
import { STRATEGY_LABELS, TRIGGER_LABELS } from '../../../domain/compaction/labels';
import { NOT_MEASURED_TITLE, rereadMeanCell, rereadOverEvents } from '../../../domain/compaction/reread-labels';
import { formatCount, formatDuration, formatPercent, formatRatio, formatTokens, formatUsd } from '../../../domain/format';
import { reviewQueueHref } from '../../../lib/routes';
import { breakdownQuery } from '../api/get-breakdown';
import { useAggregateQuery, useFiguresSettled, useLedgerLink } from '../hooks/use-scope-links';
import { rowFilter } from '../lib/breakdown-rows';
import { DIMENSION_LABELS, DIMENSIONS, scopedPluginHref, type Dimension, type HealthScope, type UpdateHealthScope } from '../lib/health-scope';
import { FlagMix } from './flag-mix';
import '../../../components/panel.css';
import '../../../components/data-table.css';
import './health.css';

function rowLabel(dimension: Dimension, key: string | null): ReactNode {
  if (key === null) return <span className="muted">none</span>;
  if (dimension === 'strategy') return STRATEGY_LABELS[key as Schemas['Strategy']] ?? key;
  if (dimension === 'trigger') return TRIGGER_LABELS[key as Schemas['Trigger']] ?? key;
  return <span className="mono">{key}</span>;
}

/** Events per strategy, agent path, trigger, plugin or summarizer model; each row opens its events. */
export function BreakdownPanel({ scope, onChange }: { scope: HealthScope; onChange: UpdateHealthScope }) {
  const query = useAggregateQuery(scope);
  const ledgerLink = useLedgerLink(scope);
  const breakdown = useQuery({ ...breakdownQuery(query, scope.dimension), placeholderData: keepPreviousData, enabled: useFiguresSettled(query) });
  const rows = breakdown.data?.rows ?? [];
  const dimension = scope.dimension;
  return (
    <section className="panel" aria-labelledby="breakdown-title">
      <header className="panel__header">
        <h2 id="breakdown-title">Breakdown</h2>
        <div className="panel__aside">
          <div className="segmented" role="group" aria-label="Break down by">
            {DIMENSIONS.map((d) => (
              <button key={d} type="button" aria-pressed={dimension === d} onClick={() => onChange({ dimension: d })}>
                {DIMENSION_LABELS[d]}
              </button>
            ))}
          </div>
        </div>
      </header>
      {breakdown.isError && !breakdown.data ? (
        <ErrorState error={breakdown.error} what="the breakdown" onRetry={() => void breakdown.refetch()} />
      ) : !breakdown.data ? (
        <Skeleton height={200} />
      ) : rows.length === 0 ? (
        <p className="panel__empty muted">No events in this range.</p>
      ) : (
        <div className="table-scroll">
          <table className={breakdown.isPlaceholderData ? 'data-table health--switching' : 'data-table'}>
            <caption className="visually-hidden">Events by {DIMENSION_LABELS[dimension].toLowerCase()}</caption>
            <thead>
              <tr>
                <th scope="col">{DIMENSION_LABELS[dimension]}</th>
                <th scope="col" className="end">Events</th>
                <th scope="col" className="end">Median saved</th>
                <th scope="col" className="end">Median ratio</th>
                <th scope="col" className="end">Fallback rate</th>
                <th scope="col" className="end">Median duration</th>
                <th scope="col" className="end">Cost</th>
                <th scope="col" className="end" title="Mean re-read after compaction per event a transcript measured, and how many were">
                  Re-read after
                </th>
                <th scope="col">Flags good/bad/neutral</th>
                {dimension === 'plugin' && <th scope="col">Review</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key ?? '(none)'}>
                  <th scope="row">{dimension === 'plugin' && r.key ? <Link to={scopedPluginHref(r.key, scope)}>{r.key}</Link> : rowLabel(dimension, r.key)}</th>
                  <td className="end num">
                    {r.key === null && dimension !== 'summarizer_model' ? formatCount(r.events) : <Link to={ledgerLink(rowFilter(dimension, r.key))} aria-label={`${formatCount(r.events)} events: ${r.key ?? 'none'}`}>{formatCount(r.events)}</Link>}
                  </td>
                  <td className="end num">{formatTokens(r.median_tokens_saved)}</td>
                  <td className="end num">{formatRatio(r.median_ratio)}</td>
                  <td className={r.fallback_rate > 0.05 ? 'end num warn' : 'end num'}>{formatPercent(r.fallback_rate)}</td>
                  <td className="end num">{formatDuration(r.median_duration_ms)}</td>
                  <td className="end num">{formatUsd(r.cost_usd)}</td>
                  <td className={r.reread_events === 0 ? 'end faint' : 'end num'} title={r.reread_events === 0 ? NOT_MEASURED_TITLE : rereadOverEvents(r)}>
                    {rereadMeanCell(r)}
                  </td>
                  <td>
                    <FlagMix flags={r.flags} />
                  </td>
                  {dimension === 'plugin' && <td>{r.key && r.flags.unrated > 0 && <Link to={reviewQueueHref(r.key)}>review {formatCount(r.flags.unrated)} unrated</Link>}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
