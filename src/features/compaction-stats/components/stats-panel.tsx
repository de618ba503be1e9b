import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Select } from '../../../components/select';
import { Skeleton } from '../../../components/skeleton';
import { Stat, StatSkeleton } from '../../../components/stat';
import { formatCount, formatPercent, formatRatio, formatTokens, formatUsd } from '../../../lib/format';
import { useLiveStatus } from '../../../lib/live/live-status';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import type { UpdateLedgerSearch } from '../../../lib/use-ledger-search';
import { EMPTY_SEARCH, ledgerSearchString, type LedgerSearch, type Strategy, type Trigger } from '../../../lib/ledger-search';
import { compactionStatsQuery } from '../../../lib/api/endpoints/get-compaction-stats';
import { recentCompactionsQuery, SERIES_LIMIT } from '../api/list-recent-compactions';
import { useSeriesLive } from '../hooks/use-series-live';
import { costPerEvent, costSplit, summarizeCosts } from '../lib/cost';
import { STRATEGY_LABELS, TRIGGER_LABELS } from '../../../lib/compaction-labels';
import { completeCounts } from '../lib/counts';
import { fallbackSummary } from '../lib/fallbacks';
import { summaryHistogram } from '../lib/histogram';
import { hookTimingRows, slowestMs } from '../lib/hook-timings';
import { appliedEvents } from '../lib/series';
import { prepareTimeline, summarizeTimeline } from '../lib/timeline';
import { ChartCard, ChartEmpty } from './chart-card';
import { CostChart, CostTable } from './cost-chart';
import { CountsChart, CountsTable } from './counts-chart';
import { FallbackList } from './fallbacks';
import { HistogramChart, HistogramTable } from './histogram-chart';
import { HookTimingsTable } from './hook-timings';
import { RatioChart, RatioTable } from './ratio-chart';
import { TimelineChart, TimelineLegend, TimelineTable } from './timeline-chart';
import '../../../components/panel.css';
import '../../../components/stat.css';
import './stats.css';

const ALL = '(all)';
const TIMELINE_HEIGHT = 330;
const SMALL_HEIGHT = 180;
const COUNTS_HEIGHT = 150;

interface StatsPanelProps {
  sessionId: string;
  search: LedgerSearch;
  onSearchChange: UpdateLedgerSearch;
}

const LIVE_TEXT = { connecting: 'connecting…', live: 'live', reconnecting: 'reconnecting…', offline: 'offline' } as const;

/** Whether what the panel shows follows the daemon by itself. */
function LiveState() {
  const status = useLiveStatus((s) => s.status);
  return (
    <span className={`stats-live stats-live--${status}`} title="The live event stream: new compactions appear here by themselves while it is live.">
      <span className="stats-live__dot" aria-hidden="true" />
      {LIVE_TEXT[status]}
    </span>
  );
}

function AgentScope({ sessionId, agent, onChange }: { sessionId: string; agent: string | null; onChange: (agent: string | null) => void }) {
  const { data: session } = useQuery(sessionQuery(sessionId));
  const agents = session?.agents ?? [];
  const options = [
    { value: ALL, label: 'All agents', hint: session ? formatCount(agents.reduce((sum, a) => sum + a.compaction_count, 0)) : undefined },
    ...agents.map((a) => ({ value: a.agent_path, label: a.agent_path, hint: formatCount(a.compaction_count) })),
    ...(agent && !agents.some((a) => a.agent_path === agent) ? [{ value: agent, label: agent }] : []),
  ];
  return <Select label="Agent" showLabel value={agent ?? ALL} options={options} onValueChange={(value) => onChange(value === ALL ? null : value)} className="stats-scope" />;
}

function HeadlineSkeleton() {
  return (
    <dl className="stats stats-headline" aria-busy="true">
      {['Events', 'Tokens saved', 'Median ratio', 'Compactor cost', 'Primary cost', 'Total cost', 'Fallbacks'].map((label) => (
        <StatSkeleton key={label} label={label} />
      ))}
    </dl>
  );
}

/**
 * Live compaction stats of a session, for one agent or all: what fired (by trigger, by
 * strategy), what it did to the context (tokens before → after against the thresholds, the
 * compression ratio), the summaries' lengths, what it cost, how the plugin hooks performed, and
 * what fell back. Aggregates come from the stats endpoint; per-event charts from the newest events.
 */
export function StatsPanel({ sessionId, search, onSearchChange }: StatsPanelProps) {
  const agent = search.agent;
  useSeriesLive();
  const stats = useQuery({ ...compactionStatsQuery(sessionId, agent), placeholderData: keepPreviousData });
  const series = useQuery({ ...recentCompactionsQuery(sessionId, agent), placeholderData: keepPreviousData });

  const events = useMemo(() => appliedEvents(series.data?.items ?? []).records, [series.data]);
  const timeline = useMemo(() => prepareTimeline(events), [events]);
  const timelineSummary = useMemo(() => summarizeTimeline(timeline), [timeline]);
  const histogram = useMemo(() => summaryHistogram(events), [events]);
  const costs = useMemo(() => costPerEvent(events), [events]);
  const costSummary = useMemo(() => summarizeCosts(costs), [costs]);
  const triggers = useMemo(() => completeCounts(stats.data?.by_trigger ?? [], TRIGGER_LABELS), [stats.data]);
  const strategies = useMemo(() => completeCounts(stats.data?.by_strategy ?? [], STRATEGY_LABELS), [stats.data]);
  const hooks = useMemo(() => hookTimingRows(stats.data?.hook_timings ?? []), [stats.data]);
  const fallbacks = useMemo(() => (stats.data ? fallbackSummary(stats.data) : null), [stats.data]);
  const split = stats.data ? costSplit(stats.data.cost) : null;

  const total = series.data?.total ?? 0;
  const sampled = total > SERIES_LIMIT;
  const link = (patch: Partial<LedgerSearch>) => ledgerSearchString({ ...EMPTY_SEARCH, agent, ...patch }) || '?';
  const switching = stats.isPlaceholderData || series.isPlaceholderData;
  const noEvents = stats.data?.events_total === 0;

  const seriesEmpty = series.isPending ? (
    <Skeleton height="100%" />
  ) : series.isError ? (
    <ErrorState error={series.error} what="the per-event figures" onRetry={() => void series.refetch()} />
  ) : events.length === 0 ? (
    <ChartEmpty>No compaction yet{agent ? ` for ${agent}` : ''}.</ChartEmpty>
  ) : undefined;
  const statsEmpty = stats.isPending ? (
    <Skeleton height="100%" />
  ) : stats.isError ? (
    <ErrorState error={stats.error} what="the compaction stats" onRetry={() => void stats.refetch()} />
  ) : undefined;

  return (
    <section className={switching ? 'panel stats-panel stats-panel--switching' : 'panel stats-panel'} aria-labelledby="stats-title" aria-busy={switching || undefined}>
      <header className="panel__header">
        <h2 id="stats-title">Compaction</h2>
        <div className="panel__aside">
          {sampled && (
            <span className="stats-sample" title="The per-event charts draw the newest events; the counts above them cover all events.">
              per-event charts: newest {formatCount(SERIES_LIMIT)} of {formatCount(total)}
            </span>
          )}
          <LiveState />
          <AgentScope sessionId={sessionId} agent={agent} onChange={(next) => onSearchChange({ agent: next })} />
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
              value={timelineSummary.medianRatio === null ? '—' : formatRatio(timelineSummary.medianRatio)}
              hint={timelineSummary.events > 0 ? `${formatCount(timelineSummary.missedLower)} missed the lower threshold` : 'after ÷ before'}
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

      {noEvents && events.length === 0 ? (
        <EmptyState title={agent ? `No compaction of ${agent} yet` : 'No compaction in this session yet'}>
          Compaction fires when an agent&apos;s context estimate crosses its upper threshold (or when an operator compacts by hand).
          Its events, their cost and the plugin hooks will show here live.
        </EmptyState>
      ) : (
        <div className="stats-grid">
          <ChartCard
            className="stats-grid__wide"
            title="Tokens before → after"
            unit="tokens per event, against each event’s thresholds"
            summary={timelineSummary.events > 0 ? `${formatTokens(timelineSummary.tokensSaved)} saved over ${formatCount(timelineSummary.events)} events` : undefined}
            description="Floating bars from the tokens after to the tokens before each compaction, oldest to newest, with the upper threshold, the lower threshold and the context window as step lines."
            height={TIMELINE_HEIGHT}
            empty={seriesEmpty}
            chart={
              <>
                <TimelineChart points={timeline} height={TIMELINE_HEIGHT - 22} />
                <TimelineLegend />
              </>
            }
            table={<TimelineTable points={timeline} />}
          />
          <div className="stats-grid__stack">
            <ChartCard
              title="Events by trigger"
              unit="events"
              description="Number of compaction events per trigger, every trigger listed."
              height={COUNTS_HEIGHT}
              empty={statsEmpty ?? (noEvents ? <ChartEmpty>No events.</ChartEmpty> : undefined)}
              chart={<CountsChart bars={triggers} height={COUNTS_HEIGHT} onSelect={(key) => onSearchChange({ trigger: [key as Trigger] })} />}
              table={<CountsTable bars={triggers} caption="Events by trigger" what="Trigger" />}
            />
            <ChartCard
              title="Events by strategy"
              unit="events"
              description="Number of compaction events per strategy, every strategy listed."
              height={COUNTS_HEIGHT - 24}
              empty={statsEmpty ?? (noEvents ? <ChartEmpty>No events.</ChartEmpty> : undefined)}
              chart={<CountsChart bars={strategies} height={COUNTS_HEIGHT - 24} onSelect={(key) => onSearchChange({ strategy: [key as Strategy] })} />}
              table={<CountsTable bars={strategies} caption="Events by strategy" what="Strategy" />}
            />
          </div>
          <ChartCard
            title="Compression ratio"
            unit="tokens after ÷ before, per event (lower compresses more)"
            summary={timelineSummary.medianRatio !== null ? `median ${formatRatio(timelineSummary.medianRatio)} (dashed)` : undefined}
            description="The compression ratio of each compaction, oldest to newest, with the median as a dashed line."
            height={SMALL_HEIGHT}
            empty={seriesEmpty}
            chart={<RatioChart points={timeline} median={timelineSummary.medianRatio} height={SMALL_HEIGHT} />}
            table={<RatioTable points={timeline} />}
          />
          <ChartCard
            title="Summary length"
            unit={`tokens per summary, bins of ${formatCount(histogram.width)}`}
            summary={histogram.median !== null ? `median ${formatTokens(histogram.median)} · ${formatCount(histogram.withoutSummary)} without summary` : undefined}
            description="How many summaries fall in each length range, in tokens."
            height={SMALL_HEIGHT}
            empty={seriesEmpty ?? (histogram.withSummary === 0 ? <ChartEmpty>No summaries: these events dropped messages without summarizing.</ChartEmpty> : undefined)}
            chart={<HistogramChart bins={histogram.bins} height={SMALL_HEIGHT} />}
            table={<HistogramTable bins={histogram.bins} />}
          />
          <ChartCard
            title="Model cost per event"
            unit="USD per event (summarizer or compactor plugin)"
            summary={costs.length > 0 ? `${formatUsd(costSummary.total)} total · ${formatCount(costSummary.free)} free` : undefined}
            description="The model cost of each compaction, oldest to newest, in US dollars."
            height={SMALL_HEIGHT}
            empty={seriesEmpty}
            chart={<CostChart points={costs} height={SMALL_HEIGHT} />}
            table={<CostTable points={costs} />}
          />
          <section className="stats-card stats-grid__wide" aria-labelledby="hooks-title">
            <div className="chart-card__head">
              <div className="chart-card__title">
                <h3 id="hooks-title">Plugin hook timings</h3>
                <span className="chart-card__unit">per plugin and hook: milliseconds, and what each call returned</span>
              </div>
            </div>
            {(stats.isPending ? <Skeleton height={34 + 31 * 5} /> : statsEmpty) ?? (hooks.length === 0 ? <ChartEmpty>No plugin hook fired{agent ? ` for ${agent}` : ''}.</ChartEmpty> : <HookTimingsTable rows={hooks} slowest={slowestMs(hooks)} ledgerLink={(plugin) => link({ plugin })} />)}
          </section>
          <section className="stats-card" aria-labelledby="fallbacks-title">
            <div className="chart-card__head">
              <div className="chart-card__title">
                <h3 id="fallbacks-title">Fallbacks</h3>
                <span className="chart-card__unit">events whose strategy fell back to drop, by reason</span>
              </div>
            </div>
            {(stats.isPending ? <Skeleton height={120} /> : statsEmpty) ?? (fallbacks && <FallbackList summary={fallbacks} ledgerLink={link({ fallback: true })} />)}
          </section>
        </div>
      )}
    </section>
  );
}
