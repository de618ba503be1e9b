import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useCallback, useMemo } from 'react';
import { LazyPart } from '../../../components/lazy-part';
import { DataNotices } from '../../../components/data-notices';
import { EmptyState } from '../../../components/empty-state';
import { checkStats } from '../../../domain/plausibility';
import { ErrorState } from '../../../components/error-state';
import { Select } from '../../../components/select';
import { Skeleton } from '../../../components/skeleton';
import { Stat } from '../../../components/stat';
import { formatCount, formatPercent, formatRatio, formatTokens, formatUsd } from '../../../domain/format';
import { useShownLiveStatus } from '../../../hooks/use-browser-online';
import { useLiveStatus } from '../../../lib/live/live-status';
import { pathFromUrl } from '../../../domain/text';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import type { UpdateLedgerSearch } from '../../../hooks/use-ledger-search';
import { EMPTY_SEARCH, ledgerSearchString, type LedgerSearch } from '../../../domain/ledger-search';
import { compactionStatsQuery } from '../../../lib/api/endpoints/get-compaction-stats';
import { recentCompactionsQuery, SERIES_LIMIT } from '../api/list-recent-compactions';
import { costPerEvent, costSplit, summarizeCosts } from '../lib/cost';
import { STRATEGY_LABELS, TRIGGER_LABELS } from '../../../domain/compaction/labels';
import { completeCounts } from '../lib/counts';
import { fallbackSummary } from '../lib/fallbacks';
import { summaryHistogram } from '../lib/histogram';
import { hookTimingRows } from '../lib/hook-timings';
import { appliedEvents } from '../lib/series';
import { prepareTimeline, summarizeTimeline } from '../lib/timeline';
import { lazyComponent } from '../../../lib/lazy-component';
import { useThrottledValue } from '../../../hooks/use-throttled-value';
import { useIdleGate } from '../../../hooks/use-idle-gate';
import { ChartEmpty } from '../../../components/charts/chart-card';
import { HeadlineSkeleton, StatsGridSkeleton } from './stats-cards';
import type { StatsChartsProps } from './stats-charts';

const ALL = '(all)';

/** The cards with their charts: recharts loads with them, only where a chart is drawn. */
/**
 * When the charts draw again under live load: a second apart at the least, and while events keep
 * coming, once they pause for two seconds (the stats are read again once a second under live load:
 * a second between two reads is not the stream pausing), at the latest fifteen seconds after the
 * first change held back. A redraw of the charts stalls a busy 2-core machine for a few hundred ms
 * (recharts draws in animation frames of its own), and the rows arriving meanwhile wait behind it:
 * one stall in fifteen seconds delays under 5 % of a steady stream's events (the p95 of live event
 * → row stays the rows' own), where one every five seconds, or every second for the counts, did not
 * (e2e/bench/README.md, Decisions, "Live: latency counted from when each event was due").
 */
const CHART_REFRESH = { intervalMs: 1000, quietMs: 2000, maxWaitMs: 15_000 } as const;
/**
 * While the live stream is paced (hundreds of events a second: the newest thousand are a second or
 * two of it), every chart waits for it to slow, however long it lasts. The headline still follows
 * every event.
 */
const CHART_REFRESH_PACED = { intervalMs: 1000, quietMs: 2000 } as const;

// Memoised: the panel renders again with every live batch (the headline follows each event), the
// charts only when their (throttled) figures change.
const StatsCharts = lazyComponent<StatsChartsProps>(() => import('./stats-charts').then((m) => memo(m.StatsCharts)));

interface StatsPanelProps {
  sessionId: string;
  search: LedgerSearch;
  onSearchChange: UpdateLedgerSearch;
}

const LIVE_TEXT = { connecting: 'connecting…', live: 'live', reconnecting: 'reconnecting…', offline: 'offline' } as const;
const LIVE_STATES = Object.keys(LIVE_TEXT) as (keyof typeof LIVE_TEXT)[];

// The header's parts are memoised: the panel renders again with every live batch, they do not change with it.

/** Whether what the panel shows follows the daemon by itself. */
const LiveState = memo(function LiveState() {
  const status = useShownLiveStatus();
  return (
    <span className={`stats-live stats-live--${status}`} title="The live event stream: new compactions appear here by themselves while it is live.">
      <span className="stats-live__dot" aria-hidden="true" />
      {/* Every state's word in one place, the others hidden: the widest sets the width, so a change of state moves nothing beside it. */}
      <span className="stats-live__text">
        {LIVE_STATES.map((s) => (
          <span key={s} className={s === status ? undefined : 'stats-live__hidden'}>
            {LIVE_TEXT[s]}
          </span>
        ))}
      </span>
    </span>
  );
});

const AgentScope = memo(function AgentScope({ sessionId, agent, onChange }: { sessionId: string; agent: string | null; onChange: (agent: string | null) => void }) {
  const { data: session } = useQuery(sessionQuery(sessionId));
  const agents = session?.agents ?? [];
  const paths = agents.map((a) => a.agent_path);
  const options = [
    { value: ALL, label: 'All agents', hint: session ? formatCount(agents.reduce((sum, a) => sum + a.compaction_count, 0)) : undefined },
    ...agents.map((a) => ({ value: a.agent_path, label: a.agent_path, hint: formatCount(a.compaction_count) })),
    ...(agent && pathFromUrl(paths, agent) === null ? [{ value: agent, label: agent }] : []),
  ];
  // The URL carries a lone surrogate of an agent path as U+FFFD: the option of the agent it names.
  const value = agent === null ? ALL : (pathFromUrl(paths, agent) ?? agent);
  return <Select label="Agent" showLabel value={value} options={options} onValueChange={(value) => onChange(value === ALL ? null : value)} className="stats-scope" />;
});

/**
 * Live compaction stats of a session, for one agent or all: what fired (by trigger, by
 * strategy), what it did to the context (tokens before → after against the thresholds, the
 * compression ratio), the summaries' lengths, what it cost, how the plugin hooks performed, and
 * what fell back. Aggregates come from the stats endpoint; per-event charts from the newest events.
 */
export function StatsPanel({ sessionId, search, onSearchChange }: StatsPanelProps) {
  const agent = search.agent;
  const stats = useQuery({ ...compactionStatsQuery(sessionId, agent), placeholderData: keepPreviousData });
  // The per-event sample (up to a thousand records) and the charts' code come once the headline
  // is drawn: the first figures do not wait for them.
  const chartsReady = useIdleGate(!stats.isPending);
  const series = useQuery({ ...recentCompactionsQuery(sessionId, agent), placeholderData: keepPreviousData, enabled: chartsReady });

  // The per-event charts draw again when a burst pauses (CHART_REFRESH); the headline follows every event.
  const paced = useLiveStatus((s) => s.paced);
  const refresh = paced ? CHART_REFRESH_PACED : CHART_REFRESH;
  const sample = useThrottledValue(series.data, refresh);
  const events = useMemo(() => appliedEvents(sample?.items ?? []).records, [sample]);
  const timeline = useMemo(() => prepareTimeline(events), [events]);
  const timelineSummary = useMemo(() => summarizeTimeline(timeline), [timeline]);
  // The median comes from the per-event sample: until it is read, say so rather than "—" (no events).
  const sampleReading = sample === undefined && !series.isError;
  const histogram = useMemo(() => summaryHistogram(events), [events]);
  const costs = useMemo(() => costPerEvent(events), [events]);
  const costSummary = useMemo(() => summarizeCosts(costs), [costs]);
  // The aggregates' charts follow the stats as the per-event charts follow their sample (the stats
  // are refetched every second under live load): the headline follows every refetch.
  const chartStats = useThrottledValue(stats.data, refresh);
  const triggers = useMemo(() => completeCounts(chartStats?.by_trigger ?? [], TRIGGER_LABELS), [chartStats]);
  const strategies = useMemo(() => completeCounts(chartStats?.by_strategy ?? [], STRATEGY_LABELS), [chartStats]);
  const hooks = useMemo(() => hookTimingRows(chartStats?.hook_timings ?? []), [chartStats]);
  const chartFallbacks = useMemo(() => (chartStats ? fallbackSummary(chartStats) : null), [chartStats]);
  const fallbacks = useMemo(() => (stats.data ? fallbackSummary(stats.data) : null), [stats.data]);
  const split = stats.data ? costSplit(stats.data.cost) : null;
  const notices = useMemo(() => (stats.data ? checkStats(stats.data, Object.keys(TRIGGER_LABELS)) : []), [stats.data]);

  const total = series.data?.total ?? 0;
  const sampled = total > SERIES_LIMIT;
  const link = useCallback((patch: Partial<LedgerSearch>) => ledgerSearchString({ ...EMPTY_SEARCH, agent, ...patch }) || '?', [agent]);
  const onTrigger = useCallback((trigger: Parameters<StatsChartsProps['onTrigger']>[0]) => onSearchChange({ trigger: [trigger] }), [onSearchChange]);
  const onAgent = useCallback((next: string | null) => onSearchChange({ agent: next }), [onSearchChange]);
  const onStrategy = useCallback((strategy: Parameters<StatsChartsProps['onStrategy']>[0]) => onSearchChange({ strategy: [strategy] }), [onSearchChange]);
  const switching = stats.isPlaceholderData || series.isPlaceholderData;
  const noEvents = stats.data?.events_total === 0;

  const { isPending: seriesPending, isError: seriesFailed } = series;
  const seriesEmpty = useMemo(
    () =>
      seriesPending ? (
        <Skeleton height="100%" />
      ) : seriesFailed ? (
        <ChartEmpty>Not shown: the per-event figures did not load (said above).</ChartEmpty>
      ) : sample === undefined ? (
        <Skeleton height="100%" />
      ) : events.length === 0 ? (
        <ChartEmpty>No compaction yet{agent ? ` for ${agent}` : ''}.</ChartEmpty>
      ) : undefined,
    [seriesPending, seriesFailed, sample, events.length, agent],
  );
  const { isPending: statsPending, isError: statsFailed } = stats;
  const statsEmpty = useMemo(
    () =>
      statsPending ? (
        <Skeleton height="100%" />
      ) : statsFailed ? (
        // One failing query, one message: the headline says it; the charts it feeds only point there.
        <ChartEmpty>Not shown: the compaction stats did not load (said above).</ChartEmpty>
      ) : undefined,
    [statsPending, statsFailed],
  );

  return (
    <section className={switching ? 'panel stats-panel stats-panel--switching' : 'panel stats-panel'} aria-labelledby="stats-title" aria-busy={switching || undefined}>
      <header className="panel__header">
        <h2 id="stats-title">Compaction</h2>
        <div className="panel__aside">
          {(sampled || paced) && (
            <span
              className="stats-sample"
              title={[
                sampled && 'The per-event charts draw the newest events; the counts above them cover all events.',
                paced && 'Hundreds of events a second: the charts draw again once the stream slows; the figures above follow every event.',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              {sampled ? `per-event charts: newest ${formatCount(SERIES_LIMIT)} of ${formatCount(total)}` : 'per-event charts'}
              {paced && ' · charts redraw once the stream slows'}
            </span>
          )}
          <LiveState />
          <AgentScope sessionId={sessionId} agent={agent} onChange={onAgent} />
        </div>
      </header>

      {stats.isPending ? (
        <HeadlineSkeleton />
      ) : stats.isError ? (
        <ErrorState error={stats.error} what="the compaction stats" onRetry={() => void stats.refetch()} />
      ) : (
        stats.data &&
        split && (
          <dl className="stats stats-headline">
            <Stat label="Events" value={formatCount(stats.data.events_total)} hint={agent ? `agent ${agent}` : 'all agents'} />
            <Stat label="Tokens saved" value={formatTokens(stats.data.tokens_saved)} hint={`${formatCount(stats.data.tokens_saved)} tokens`} />
            <Stat
              label="Median ratio"
              value={sampleReading ? '…' : timelineSummary.medianRatio === null ? '—' : formatRatio(timelineSummary.medianRatio)}
              hint={sampleReading ? 'reading the events' : timelineSummary.events > 0 ? `${formatCount(timelineSummary.missedLower)} missed the lower threshold` : 'after ÷ before'}
            />
            <Stat label="Compactor cost" value={formatUsd(split.compactor)} hint={`${formatPercent(split.compactorShare)} of the total`} />
            <Stat label="Primary cost" value={formatUsd(split.primary)} hint="the agents' own calls" />
            <Stat label="Total cost" value={formatUsd(split.total)} hint="primary + compactor" />
            <Stat
              label="Fallbacks"
              value={formatCount(stats.data.fallback_total)}
              tone={stats.data.fallback_total > 0 ? 'warn' : 'default'}
              hint={fallbacks && fallbacks.total > 0 ? `${formatPercent(fallbacks.rate)} of events` : 'none'}
            />
          </dl>
        )
      )}

      {series.isError && <ErrorState error={series.error} what="the per-event figures" onRetry={() => void series.refetch()} />}
      <DataNotices notices={notices} where="the compaction stats" />

      {noEvents && events.length === 0 ? (
        <EmptyState title={agent ? `No compaction of ${agent} yet` : 'No compaction in this session yet'}>
          Compaction fires when an agent&apos;s context estimate crosses its upper threshold (or when an operator compacts by hand).
          Its events, their cost and the plugin hooks will show here live.
        </EmptyState>
      ) : !chartsReady ? (
        <StatsGridSkeleton />
      ) : (
        <LazyPart what="the charts" fallback={<StatsGridSkeleton />}>
          <StatsCharts
            agent={agent}
            timeline={timeline}
            timelineSummary={timelineSummary}
            histogram={histogram}
            costs={costs}
            costSummary={costSummary}
            triggers={triggers}
            strategies={strategies}
            hooks={hooks}
            fallbacks={chartFallbacks}
            seriesEmpty={seriesEmpty}
            statsEmpty={statsEmpty}
            statsPending={stats.isPending}
            noEvents={noEvents}
            onTrigger={onTrigger}
            onStrategy={onStrategy}
            ledgerLink={link}
          />
        </LazyPart>
      )}
    </section>
  );
}
