/**
 * The aggregated health view (a project, or every project) without its charts: the scope bar (project
 * and time range), spirals called out first, the headline figures, hook timings per plugin and hook,
 * no-ops and failures, breakdown tables and the top sessions. Every row drills into the
 * cross-session ledger (or, for what leaves no record, the audit log).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { Select } from '../../../components/select';
import { Skeleton } from '../../../components/skeleton';
import { Stat, StatSkeleton } from '../../../components/stat';
import { Badge } from '../../../components/status-badge';
import { projectsQuery } from '../../../lib/api/endpoints/list-projects';
import type { Schemas } from '../../../domain/contract/types';
import { STRATEGY_LABELS, TRIGGER_LABELS } from '../../../domain/compaction/labels';
import { formatCount, formatDuration, formatPercent, formatRatio, formatTokens, formatUsd } from '../../../domain/format';
import { lazyComponent } from '../../../lib/lazy-component';
import { useNow } from '../../../hooks/use-now';
import { EMPTY_SEARCH, ledgerSearchString, type LedgerSearch } from '../../../domain/ledger-search';
import { auditHref, compactionHref, compactionsHref, pluginHref, reviewQueueHref, sessionHref } from '../../../lib/routes';
import { resolveTimeRange, SPANS, type Span } from '../../../domain/time-range';
import { breakdownQuery } from '../api/get-breakdown';
import { compactionHealthQuery } from '../api/get-compaction-health';
import { spiralsQuery } from '../api/get-spirals';
import { topSessionsQuery } from '../api/get-top-sessions';
import { aggregateQuery, DIMENSION_LABELS, DIMENSIONS, operatorZone, writeHealthScope, type AggregateQuery, type Dimension, type HealthScope } from '../lib/health-scope';
import { distributionBars, healthPoints, stackKeys } from '../lib/health-series';
import type { HealthChartsProps } from './health-charts';
import '../../../components/panel.css';
import '../../../components/charts/charts.css';
import './health.css';

const HealthCharts = lazyComponent<HealthChartsProps>(() => import('./health-charts').then((m) => m.HealthCharts));

export type UpdateHealthScope = (patch: Partial<HealthScope>) => void;

const ALL = '(all)';

/** The scope and range as the daemon is asked for them, recomputed once a minute at most. */
export function useAggregateQuery(scope: Pick<HealthScope, 'project' | 'range'>): AggregateQuery {
  const minute = Math.ceil(useNow() / 60_000);
  return useMemo(() => aggregateQuery(scope, minute * 60_000, operatorZone()), [scope, minute]);
}

/**
 * Whether the headline figures of this scope have arrived (or failed): the lower panels ask the
 * daemon only then, so the figures and the spirals are computed first (a daemon answers one
 * aggregate at a time).
 */
function useFiguresSettled(query: AggregateQuery): boolean {
  const figures = useQuery({ ...compactionHealthQuery(query), enabled: false });
  const [settled, setSettled] = useState(false);
  if (!settled && (figures.data !== undefined || figures.isError)) setSettled(true);
  return settled;
}

/** The cross-session ledger's address for a filter within this scope and range. */
export function useLedgerLink(scope: Pick<HealthScope, 'project' | 'range'>): (patch: Partial<LedgerSearch>) => string {
  const query = useAggregateQuery(scope);
  return (patch) =>
    compactionsHref(ledgerSearchString({ ...EMPTY_SEARCH, project: scope.project, from: query.from ?? null, to: query.to ?? null, ...patch }));
}

/** A plugin's page within this scope and range. */
function scopedPluginHref(plugin: string, scope: Pick<HealthScope, 'project' | 'range'>): string {
  const search = writeHealthScope(new URLSearchParams(), { project: scope.project, range: scope.range }).toString();
  return `${pluginHref(plugin)}${search ? `?${search}` : ''}`;
}

function toLocalInput(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 16) : '';
}

/** Project and time range: every panel below follows them. */
export function ScopeBar({ scope, onChange }: { scope: HealthScope; onChange: UpdateHealthScope }) {
  const { data: projects } = useQuery(projectsQuery());
  const [custom, setCustom] = useState(scope.range.kind === 'custom');
  const range = scope.range;
  const resolved = resolveTimeRange(range, useNow());
  const setCustomRange = (from: string, to: string) => {
    if (!from) return;
    onChange({ range: { kind: 'custom', from: new Date(`${from}Z`).toISOString(), to: to ? new Date(`${to}Z`).toISOString() : null } });
  };
  return (
    <div className="health-scope" role="group" aria-label="Scope and time range">
      <Select
        label="Project"
        showLabel
        value={scope.project ?? ALL}
        options={[{ value: ALL, label: 'All projects' }, ...(projects ?? []).map((p) => ({ value: p.id, label: p.name }))]}
        onValueChange={(value) => onChange({ project: value === ALL ? null : value })}
      />
      <div className="segmented" role="group" aria-label="Time range">
        {SPANS.map((span: Span) => (
          <button
            key={span}
            type="button"
            aria-pressed={!custom && range.kind === 'span' && range.span === span}
            onClick={() => {
              setCustom(false);
              onChange({ range: { kind: 'span', span } });
            }}
          >
            {span === 'all' ? 'All' : span.replace('h', ' h').replace('d', ' d')}
          </button>
        ))}
        <button type="button" aria-pressed={custom} onClick={() => setCustom(true)}>
          Custom
        </button>
      </div>
      {custom && (
        <span className="health-scope__custom">
          <label>
            From (UTC){' '}
            <input type="datetime-local" className="input" defaultValue={toLocalInput(range.kind === 'custom' ? range.from : resolved.from)} onChange={(e) => setCustomRange(e.target.value, toLocalInput(range.kind === 'custom' ? range.to : resolved.to))} />
          </label>
          <label>
            To (UTC){' '}
            <input type="datetime-local" className="input" defaultValue={toLocalInput(range.kind === 'custom' ? range.to : resolved.to)} onChange={(e) => setCustomRange(toLocalInput(range.kind === 'custom' ? range.from : resolved.from), e.target.value)} />
          </label>
        </span>
      )}
    </div>
  );
}

const REASON_LABELS: Record<string, string> = {
  burst: 'burst',
  ineffective: 'ineffective',
  repeated_noops: 'repeated no-ops',
  retry_overflow: 'retries still overflow',
  stuck_overflow: 'stuck in overflow',
};

/** "3 in a row (default)", or the default beside an adjusted threshold. */
function inARow(value: number, fallback: number): string {
  return `${value} in a row${value === fallback ? ' (default)' : ` (default ${fallback})`}`;
}

/** Sessions where compaction repeats and achieves little: at the top, each with its reasons and links. */
export function SpiralsCallout({ scope, onChange }: { scope: HealthScope; onChange: UpdateHealthScope }) {
  const query = useAggregateQuery(scope);
  const spirals = useQuery({ ...spiralsQuery(query, scope.spirals), placeholderData: keepPreviousData });
  const data = spirals.data;
  const params = data?.parameters;
  const defaults = data?.defaults;
  const [open, setOpen] = useState(false);
  return (
    <section className={data && data.total > 0 ? 'panel spirals spirals--found' : 'panel spirals'} aria-labelledby="spirals-title">
      <header className="panel__header">
        <h2 id="spirals-title">
          Spirals{' '}
          {data && (
            <span className="num">
              {data.total > 0 ? <Badge tone="danger">{formatCount(data.total)} {data.total === 1 ? 'session' : 'sessions'}</Badge> : <Badge tone="ok">none</Badge>}
            </span>
          )}
        </h2>
        <div className="panel__aside">
          {params && defaults && (
            <span className="muted spirals__rule">
              burst: {params.burst_count} within {params.burst_minutes} min
              {params.burst_count === defaults.burst_count && params.burst_minutes === defaults.burst_minutes ? ' (default)' : ` (default ${defaults.burst_count} within ${defaults.burst_minutes} min)`}
              {' · '}ineffective (after ≥ {formatPercent(params.min_ratio)} of before): {inARow(params.min_ineffective, defaults.min_ineffective)} · no-ops: {inARow(params.min_noops, defaults.min_noops)}
            </span>
          )}
          <button type="button" className="button button--quiet" aria-expanded={open} onClick={() => setOpen(!open)}>
            Adjust
          </button>
        </div>
      </header>
      {open && params && (
        <form
          className="spirals__adjust"
          aria-label="Spiral detection"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const n = Number(form.get('n'));
            const m = Number(form.get('m'));
            const r = Number(form.get('r'));
            onChange({ spirals: { burstCount: Number.isInteger(n) && n >= 2 ? n : null, burstMinutes: m > 0 ? m : null, inARow: Number.isInteger(r) && r >= 1 ? r : null } });
          }}
        >
          <label>
            N compactions <input name="n" type="number" min={2} step={1} className="input" defaultValue={params.burst_count} aria-label="N compactions" />
          </label>
          <label>
            within M minutes <input name="m" type="number" min={0.1} step="any" className="input" defaultValue={params.burst_minutes} aria-label="within M minutes" />
          </label>
          <label>
            ineffective or no-ops: R in a row <input name="r" type="number" min={1} step={1} className="input" defaultValue={params.min_ineffective} aria-label="R in a row" />
          </label>
          <button type="submit" className="button">
            Apply
          </button>
          <button type="button" className="button button--quiet" onClick={() => onChange({ spirals: { burstCount: null, burstMinutes: null, inARow: null } })}>
            Defaults
          </button>
        </form>
      )}
      {spirals.isError && !data ? (
        <ErrorState error={spirals.error} what="the spirals" onRetry={() => void spirals.refetch()} />
      ) : !data ? (
        <div className="spirals__list">
          <Skeleton height={48} />
        </div>
      ) : data.total === 0 ? (
        <p className="spirals__none muted">No session in this range compacts repeatedly without effect.</p>
      ) : (
        <ul className="spirals__list" aria-label="Spiralling sessions">
          {data.items.map((s) => (
            <li key={s.session_id} className="spiral">
              <div className="spiral__head">
                <Link to={sessionHref(s.session_id)} className="spiral__title">
                  {s.title}
                </Link>
                <span className="mono muted">{s.session_id}</span>
                <span className="muted">{s.project_id}</span>
                <span className="num muted">{formatCount(s.events)} events</span>
              </div>
              <ul className="spiral__reasons">
                {s.reasons.map((r, i) => (
                  <li key={`${r.kind}-${i}`}>
                    <Badge tone="warn">{REASON_LABELS[r.kind] ?? r.kind}</Badge> <span>{r.detail}</span>
                    {r.compaction_id && (
                      <>
                        {' '}
                        <Link to={compactionHref(s.session_id, r.compaction_id)}>open event</Link>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const HEADLINE = ['Events', 'Sessions', 'Tokens saved', 'Compactor cost', 'Primary cost', 'Fallback rate', 'Failures', 'No-ops', 'Flags'];

function Headline({ totals, ledgerLink, auditLink }: { totals: Schemas['HealthTotals']; ledgerLink: (p: Partial<LedgerSearch>) => string; auditLink: (type: string) => string }) {
  const rated = totals.flags.good + totals.flags.bad + totals.flags.neutral;
  return (
    <dl className="stats stats-headline health-headline">
      <Stat label="Events" value={<Link to={ledgerLink({})}>{formatCount(totals.events)}</Link>} />
      <Stat label="Sessions" value={formatCount(totals.sessions)} />
      <Stat label="Tokens saved" value={formatTokens(totals.tokens_saved)} />
      <Stat label="Compactor cost" value={formatUsd(totals.compactor_usd)} hint={totals.primary_usd > 0 ? `${formatPercent(totals.compactor_usd / totals.primary_usd)} of primary` : undefined} />
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

export function HealthSkeleton() {
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

function SilentList({ title, summary, link }: { title: string; summary: Schemas['SilentSummary']; link: string }) {
  return (
    <div className="silent">
      <h3>
        {title} <Link to={link} className="num">{formatCount(summary.total)}</Link>
      </h3>
      {summary.total === 0 ? (
        <p className="muted">None in this range.</p>
      ) : (
        <ul>
          {summary.by_reason.map((r) => (
            <li key={r.key}>
              <span className="num">{formatCount(r.count)}</span> <span>{r.key}</span>
            </li>
          ))}
          <li className="muted">
            by strategy: {summary.by_strategy.map((s) => `${STRATEGY_LABELS[s.key as keyof typeof STRATEGY_LABELS] ?? s.key} ${formatCount(s.count)}`).join(' · ')}
          </li>
        </ul>
      )}
    </div>
  );
}

/** The health of the scope: headline, charts, hook timings, no-ops and failures, fallback reasons. */
export function HealthOverview({ scope, onChange }: { scope: HealthScope; onChange: UpdateHealthScope }) {
  const query = useAggregateQuery(scope);
  const navigate = useNavigate();
  const ledgerLink = useLedgerLink(scope);
  const auditLink = (type: string) => auditHref(new URLSearchParams({ type, ...(scope.project ? { project: scope.project } : {}), ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) }));
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
      <Suspense fallback={<HealthSkeleton />}>
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
      </Suspense>
      <div className="health-row">
        <HookTimings rows={data.hook_timings} ledgerLink={ledgerLink} pluginLink={(plugin) => scopedPluginHref(plugin, scope)} />
        <div className="health-silent">
          <SilentList title="No-ops" summary={data.noops} link={auditLink('compaction.noop')} />
          <SilentList title="Failures" summary={data.failures} link={auditLink('compaction.failed')} />
          <div className="silent">
            <h3>
              Fallback reasons <Link to={ledgerLink({ fallback: true })} className="num">{formatCount(data.totals.fallbacks)}</Link>
            </h3>
            {data.fallback_reasons.length === 0 ? (
              <p className="muted">None in this range.</p>
            ) : (
              <ul>
                {data.fallback_reasons.map((r) => (
                  <li key={r.key}>
                    <span className="num">{formatCount(r.count)}</span> <span>{r.key}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

function HookTimings({ rows, ledgerLink, pluginLink }: { rows: readonly Schemas['HookTimingSummary'][]; ledgerLink: (p: Partial<LedgerSearch>) => string; pluginLink: (plugin: string) => string }) {
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

function FlagMix({ flags }: { flags: Schemas['FlagMix'] }) {
  const total = flags.good + flags.bad + flags.neutral + flags.unrated;
  const part = (n: number) => `${total > 0 ? (n / total) * 100 : 0}%`;
  return (
    <span className="flag-mix" title={`good ${flags.good} · bad ${flags.bad} · neutral ${flags.neutral} · unrated ${flags.unrated}`}>
      <span className="flag-mix__bar" aria-hidden="true">
        <span className="flag-mix__good" style={{ width: part(flags.good) }} />
        <span className="flag-mix__bad" style={{ width: part(flags.bad) }} />
        <span className="flag-mix__neutral" style={{ width: part(flags.neutral) }} />
      </span>
      <span className="flag-mix__text num">
        <span className="flag-mix__part">
          {formatCount(flags.good)}/{formatCount(flags.bad)}/{formatCount(flags.neutral)}
        </span>{' '}
        <span className="flag-mix__part muted">· {formatCount(flags.unrated)} unrated</span>
      </span>
    </span>
  );
}

function rowFilter(dimension: Dimension, key: string | null): Partial<LedgerSearch> {
  switch (dimension) {
    case 'strategy':
      return { strategy: [key as Schemas['Strategy']] };
    case 'trigger':
      return { trigger: [key as Schemas['Trigger']] };
    case 'agent_path':
      return { agent: key };
    case 'plugin':
      return { plugin: key };
    case 'summarizer_model':
      return { model: key };
  }
}

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
  return (
    <section className="panel" aria-labelledby="breakdown-title">
      <header className="panel__header">
        <h2 id="breakdown-title">Breakdown</h2>
        <div className="panel__aside">
          <div className="segmented" role="group" aria-label="Break down by">
            {DIMENSIONS.map((d) => (
              <button key={d} type="button" aria-pressed={scope.dimension === d} onClick={() => onChange({ dimension: d })}>
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
            <caption className="visually-hidden">Events by {DIMENSION_LABELS[scope.dimension].toLowerCase()}</caption>
            <thead>
              <tr>
                <th scope="col">{DIMENSION_LABELS[scope.dimension]}</th>
                <th scope="col" className="end">Events</th>
                <th scope="col" className="end">Median saved</th>
                <th scope="col" className="end">Median ratio</th>
                <th scope="col" className="end">Fallback rate</th>
                <th scope="col" className="end">Median duration</th>
                <th scope="col" className="end">Cost</th>
                <th scope="col">Flags good/bad/neutral</th>
                {scope.dimension === 'plugin' && <th scope="col">Review</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key ?? '(none)'}>
                  <th scope="row">
                    {scope.dimension === 'plugin' && r.key ? <Link to={scopedPluginHref(r.key, scope)}>{r.key}</Link> : rowLabel(scope.dimension, r.key)}
                  </th>
                  <td className="end num">
                    {r.key === null && scope.dimension !== 'summarizer_model' ? formatCount(r.events) : <Link to={ledgerLink(rowFilter(scope.dimension, r.key))} aria-label={`${formatCount(r.events)} events: ${r.key ?? 'none'}`}>{formatCount(r.events)}</Link>}
                  </td>
                  <td className="end num">{formatTokens(r.median_tokens_saved)}</td>
                  <td className="end num">{formatRatio(r.median_ratio)}</td>
                  <td className={r.fallback_rate > 0.05 ? 'end num warn' : 'end num'}>{formatPercent(r.fallback_rate)}</td>
                  <td className="end num">{formatDuration(r.median_duration_ms)}</td>
                  <td className="end num">{formatUsd(r.cost_usd)}</td>
                  <td>
                    <FlagMix flags={r.flags} />
                  </td>
                  {scope.dimension === 'plugin' && <td>{r.key && r.flags.unrated > 0 && <Link to={reviewQueueHref(r.key)}>review {formatCount(r.flags.unrated)} unrated</Link>}</td>}
                </tr>
              ))}
            </tbody>
          </table>
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

