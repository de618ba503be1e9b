import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { LazyPart } from '../../../components/lazy-part';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { Stat, StatSkeleton } from '../../../components/stat';
import type { Schemas } from '../../../domain/contract/types';
import { compactorShare } from '../../../domain/accounting/cost';
import { formatCount, formatPercent, formatTokens, formatUsd } from '../../../domain/format';
import type { LedgerSearch } from '../../../domain/ledger-search';
import { lazyComponent } from '../../../lib/lazy-component';
import { compactionHealthQuery } from '../api/get-compaction-health';
import { useAggregateQuery, useAuditLink, useLedgerLink } from '../hooks/use-scope-links';
import { scopedPluginHref, type HealthScope, type UpdateHealthScope } from '../lib/health-scope';
import { distributionBars, healthPoints, stackKeys } from '../lib/health-series';
import type { HealthChartsProps } from './health-charts';
import { HealthHookTimings } from './health-hook-timings';
import { FallbackReasons, SilentList } from './silent-lists';
import '../../../components/panel.css';
import '../../../components/charts/charts.css';
import './health.css';

const HealthCharts = lazyComponent<HealthChartsProps>(() => import('./health-charts').then((m) => m.HealthCharts));

const HEADLINE = ['Events', 'Sessions', 'Tokens saved', 'Compactor cost', 'Primary cost', 'Fallback rate', 'Failures', 'No-ops', 'Flags'];

/** The health of the scope: headline, charts, hook timings, no-ops and failures, fallback reasons. */
export function HealthOverview({ scope, onChange }: { scope: HealthScope; onChange: UpdateHealthScope }) {
  const query = useAggregateQuery(scope);
  const navigate = useNavigate();
  const ledgerLink = useLedgerLink(scope);
  const auditLink = useAuditLink(scope);
  const health = useQuery({ ...compactionHealthQuery(query), placeholderData: keepPreviousData });
  const data = health.data;
  const points = useMemo(() => (data ? healthPoints(data.series, scope.stackBy) : []), [data, scope.stackBy]);
  const ratio = useMemo(() => (data ? distributionBars(data.compression_ratio, (v) => v.toFixed(2)) : []), [data]);
  const summary = useMemo(() => (data ? distributionBars(data.summary_tokens, formatTokens) : []), [data]);

  if (health.isError && !data) return <ErrorState error={health.error} what="the compaction health" onRetry={() => void health.refetch()} />;
  if (!data) return <HealthSkeleton />;
  return (
    <div className={health.isPlaceholderData ? 'health health--switching' : 'health'} aria-busy={health.isPlaceholderData || undefined}>
      <Headline totals={data.totals} ledgerLink={ledgerLink} auditLink={auditLink} />
      <div className="health__stack-switch segmented" role="group" aria-label="Stack events by">
        <span className="muted">Stack events by</span>
        {(['strategy', 'trigger'] as const).map((by) => (
          <button key={by} type="button" aria-pressed={scope.stackBy === by} onClick={() => onChange({ stackBy: by })}>
            {by}
          </button>
        ))}
        <span className="muted num health__bucket">
          buckets of {data.scope.bucket} ({data.scope.tz})
        </span>
      </div>
      <LazyPart what="the charts" fallback={<HealthSkeleton />}>
        <HealthCharts
          points={points}
          stack={stackKeys(scope.stackBy)}
          stackBy={scope.stackBy}
          ratio={ratio}
          summary={summary}
          ratioMedian={data.compression_ratio.count > 0 ? data.compression_ratio.p50 : null}
          summaryMedian={data.summary_tokens.count > 0 ? data.summary_tokens.p50 : null}
          ledgerLink={ledgerLink}
          onDrill={(patch) => void navigate(ledgerLink(patch))}
        />
      </LazyPart>
      <div className="health-row">
        <HealthHookTimings rows={data.hook_timings} ledgerLink={ledgerLink} pluginLink={(plugin) => scopedPluginHref(plugin, scope)} />
        <div className="health-silent">
          <SilentList title="No-ops" summary={data.noops} link={auditLink('compaction.noop')} />
          <SilentList title="Failures" summary={data.failures} link={auditLink('compaction.failed')} />
          <FallbackReasons reasons={data.fallback_reasons} total={data.totals.fallbacks} link={ledgerLink({ fallback: true })} />
        </div>
      </div>
    </div>
  );
}

function Headline({ totals, ledgerLink, auditLink }: { totals: Schemas['HealthTotals']; ledgerLink: (p: Partial<LedgerSearch>) => string; auditLink: (type: string) => string }) {
  const rated = totals.flags.good + totals.flags.bad + totals.flags.neutral;
  return (
    <dl className="stats stats-headline health-headline">
      <Stat label="Events" value={<Link to={ledgerLink({})}>{formatCount(totals.events)}</Link>} />
      <Stat label="Sessions" value={formatCount(totals.sessions)} />
      <Stat label="Tokens saved" value={formatTokens(totals.tokens_saved)} />
      <Stat label="Compactor cost" value={formatUsd(totals.compactor_usd)} hint={`${formatPercent(compactorShare(totals))} of the total`} />
      <Stat label="Primary cost" value={formatUsd(totals.primary_usd)} />
      <Stat label="Fallback rate" value={<Link to={ledgerLink({ fallback: true })}>{formatPercent(totals.fallback_rate)}</Link>} hint={`${formatCount(totals.fallbacks)} fell back`} tone={totals.fallback_rate > 0.05 ? 'warn' : 'default'} />
      <Stat label="Failures" value={<Link to={auditLink('compaction.failed')}>{formatCount(totals.failures)}</Link>} hint={`${formatPercent(totals.failure_rate)} of attempts`} tone={totals.failure_rate > 0.05 ? 'warn' : 'default'} />
      <Stat label="No-ops" value={<Link to={auditLink('compaction.noop')}>{formatCount(totals.noops)}</Link>} hint={`${formatPercent(totals.noop_rate)} of attempts`} />
      <Stat
        label="Flags"
        value={<Link to={ledgerLink({ flag: ['bad'] })}>{formatCount(totals.flags.bad)} bad</Link>}
        hint={`${formatCount(rated)} rated · ${formatCount(totals.flags.unrated)} unrated`}
      />
    </dl>
  );
}

function HealthSkeleton() {
  return (
    <>
      <dl className="stats stats-headline health-headline" aria-busy="true">
        {HEADLINE.map((label) => (
          <StatSkeleton key={label} label={label} />
        ))}
      </dl>
      <div className="stats-grid health-grid">
        <div className="stats-grid__wide">
          <Skeleton height={262} />
        </div>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={262} />
        ))}
      </div>
    </>
  );
}
