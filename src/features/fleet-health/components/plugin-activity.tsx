/**
 * One plugin across sessions: roles, manifest version, the agents it is attached to, totals (events,
 * fallbacks caused, failures, cost), flag mix and hook timings over time, and its versions side by
 * side (flag mix, ratio, failures: "did my change help?").
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LazyPart } from '../../../components/lazy-part';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { Stat } from '../../../components/stat';
import { Badge } from '../../../components/status-badge';
import type { Schemas } from '../../../domain/contract/types';
import { formatCount, formatDateTime, formatDuration, formatPercent, formatRatio, formatTokens, formatUsd } from '../../../domain/format';
import { lazyComponent } from '../../../lib/lazy-component';
import { reviewQueueHref, sessionHref } from '../../../lib/routes';
import { pluginActivityQuery } from '../api/get-plugin-activity';
import type { HealthScope } from '../lib/health-scope';
import { useAggregateQuery, useLedgerLink } from '../hooks/use-scope-links';
import { HookTimingTable } from './hook-timing-table';
import type { PluginChartsProps } from './plugin-charts';
import '../../../components/panel.css';
import '../../../components/charts/charts.css';
import '../../../components/data-table.css';
import './health.css';

const PluginCharts = lazyComponent<PluginChartsProps>(() => import('./plugin-charts').then((m) => m.PluginCharts));

function flagShare(flags: Schemas['FlagMix']): string {
  const rated = flags.good + flags.bad + flags.neutral;
  return rated === 0 ? 'none rated' : `${formatPercent(flags.good / rated)} good · ${formatPercent(flags.bad / rated)} bad`;
}

function Versions({ versions }: { versions: readonly Schemas['PluginVersionStats'][] }) {
  if (versions.length === 0) return <p className="muted panel__empty">The records carry no plugin version.</p>;
  const rows: [string, (v: Schemas['PluginVersionStats']) => string][] = [
    ['Events', (v) => formatCount(v.events)],
    ['Seen', (v) => `${v.first_at ? formatDateTime(v.first_at).slice(0, 10) : '—'} → ${v.last_at ? formatDateTime(v.last_at).slice(0, 10) : '—'}`],
    ['Flags good/bad/neutral', (v) => `${formatCount(v.flags.good)}/${formatCount(v.flags.bad)}/${formatCount(v.flags.neutral)} · ${formatCount(v.flags.unrated)} unrated`],
    ['Of rated', (v) => flagShare(v.flags)],
    ['Median ratio', (v) => formatRatio(v.median_ratio)],
    ['Fallback rate', (v) => `${formatPercent(v.fallback_rate)} (${formatCount(v.fallbacks)})`],
    ['Failures', (v) => formatCount(v.failures)],
    ['Hook error rate', (v) => `${formatPercent(v.hook_error_rate)} (${formatCount(v.hook_errors)})`],
    ['Hook p50 / p95', (v) => `${formatDuration(v.p50_ms)} / ${formatDuration(v.p95_ms)}`],
    ['Cost', (v) => formatUsd(v.cost_usd)],
  ];
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">Versions side by side</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            {versions.map((v) => (
              <th key={v.version} scope="col" className="end mono">
                {v.version}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, cell]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {versions.map((v) => (
                <td key={v.version} className="end num">
                  {cell(v)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PluginActivity({ plugin, scope }: { plugin: string; scope: HealthScope }) {
  const query = useAggregateQuery(scope);
  const ledgerLink = useLedgerLink(scope);
  const activity = useQuery({ ...pluginActivityQuery(plugin, query), placeholderData: keepPreviousData });
  const data = activity.data;
  if (activity.isError && !data) return <ErrorState error={activity.error} what={`the activity of ${plugin}`} onRetry={() => void activity.refetch()} />;
  if (!data) return <Skeleton height={600} />;
  const t = data.totals;
  return (
    <div className={activity.isPlaceholderData ? 'health--switching' : undefined}>
      <section className="panel" aria-label="Plugin">
        <div className="detail-section plugin-manifest">
          <span>
            version <span className="mono">{data.plugin.version}</span>
          </span>
          <span>
            roles{' '}
            {data.plugin.roles.map((r) => (
              <Badge key={r} tone="accent">
                {r}
              </Badge>
            ))}
          </span>
          <span>
            hooks <span className="mono">{data.plugin.hooks.join(', ') || 'none'}</span>
          </span>
          {data.plugin.description && <span className="muted">{data.plugin.description}</span>}
        </div>
        <dl className="stats stats-headline health-headline">
          <Stat label="Events" value={<Link to={ledgerLink({ plugin })}>{formatCount(t.events)}</Link>} />
          <Stat label="Tokens saved" value={formatTokens(t.tokens_saved)} />
          <Stat label="Fallbacks caused" value={<Link to={ledgerLink({ plugin, fallback: true })}>{formatCount(t.fallbacks_caused)}</Link>} tone={t.fallbacks_caused > 0 ? 'warn' : 'default'} />
          <Stat label="Failures" value={formatCount(t.failures)} />
          <Stat label="Hook errors" value={formatCount(t.hook_errors)} tone={t.hook_errors > 0 ? 'warn' : 'default'} />
          <Stat label="Cost" value={formatUsd(t.cost_usd)} />
          <Stat label="Flags" value={`${formatCount(t.flags.bad)} bad`} hint={flagShare(t.flags)} />
          <Stat label="Unrated" value={t.flags.unrated > 0 ? <Link to={reviewQueueHref(plugin)}>{formatCount(t.flags.unrated)}</Link> : '0'} hint={t.flags.unrated > 0 ? 'review them' : undefined} />
          <Stat label="Agents" value={formatCount(data.agents.total)} />
        </dl>
        <LazyPart what="the charts" fallback={<Skeleton height={240} />}>
          <PluginCharts series={data.series} />
        </LazyPart>
      </section>
      <section className="panel" aria-labelledby="versions-title">
        <header className="panel__header">
          <h2 id="versions-title">Versions side by side</h2>
        </header>
        <Versions versions={data.versions} />
      </section>
      <div className="health-row health-row--even">
        <section className="panel" aria-labelledby="hooks-title">
          <header className="panel__header">
            <h2 id="hooks-title">Hooks</h2>
          </header>
          <HookTimingTable
            rows={data.hook_timings}
            rowKey={(h) => `${h.hook}/${h.role}`}
            lead={[
              { header: 'Hook', cell: (h: Schemas['PluginHookTiming']) => h.hook, className: 'mono' },
              { header: 'Role', cell: (h: Schemas['PluginHookTiming']) => h.role },
            ]}
          />
          <div className="detail-section silent">
            <h3>Fallback reasons</h3>
            <ul>
              {data.fallback_reasons.map((r) => (
                <li key={r.key}>
                  <span className="num">{formatCount(r.count)}</span> {r.key}
                </li>
              ))}
              {data.fallback_reasons.length === 0 && <li className="muted">None.</li>}
            </ul>
            <h3>Failure reasons</h3>
            <ul>
              {data.failure_reasons.map((r) => (
                <li key={r.key}>
                  <span className="num">{formatCount(r.count)}</span> {r.key}
                </li>
              ))}
              {data.failure_reasons.length === 0 && <li className="muted">None.</li>}
            </ul>
          </div>
        </section>
        <section className="panel" aria-labelledby="agents-title">
          <header className="panel__header">
            <h2 id="agents-title">Attached agents</h2>
            <span className="panel__aside num">{formatCount(data.agents.total)}</span>
          </header>
          <div className="table-scroll plugin-agents">
            <table className="data-table">
              <tbody>
                {data.agents.items.map((a) => (
                  <tr key={`${a.session_id}/${a.agent_path}`}>
                    <th scope="row" className="top-sessions__name">
                      <Link to={sessionHref(a.session_id)}>{a.title}</Link> <span className="mono muted">{a.agent_path}</span>
                    </th>
                    <td className="end num">
                      <Link to={ledgerLink({ plugin, session: a.session_id, agent: a.agent_path })}>{formatCount(a.events)} events</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </div>
  );
}
