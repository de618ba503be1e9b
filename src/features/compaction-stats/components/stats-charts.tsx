/**
 * The stats panel's cards with their charts (recharts): loaded on demand, only where a chart is
 * drawn. Everything here draws prepared data (lib/ preparers run in stats-panel.tsx).
 */
import { useCallback, type ReactNode } from 'react';
import { Skeleton } from '../../../components/skeleton';
import { formatCount, formatCounted, formatRatio, formatTokens, formatUsd } from '../../../domain/format';
import type { Strategy, Trigger } from '../../../domain/ledger-search';
import type { CostPoint, CostSummary } from '../lib/cost';
import type { CountBar } from '../lib/counts';
import type { FallbackSummary } from '../lib/fallbacks';
import type { SummaryHistogram } from '../lib/histogram';
import type { HookTimingRow } from '../lib/hook-timings';
import { slowestMs } from '../lib/hook-timings';
import type { TimelinePoint, TimelineSummary } from '../lib/timeline';
import { ChartCard, ChartEmpty } from '../../../components/charts/chart-card';
import { CostChart, CostTable } from './cost-chart';
import { CountsChart, CountsTable } from './counts-chart';
import { FallbackList } from './fallbacks';
import { HistogramChart, HistogramTable } from './histogram-chart';
import { HookTimingsTable } from './hook-timings';
import { RatioChart, RatioTable } from './ratio-chart';
import { CARDS, StatsSection } from './stats-cards';
import { TimelineChart, TimelineLegend, TimelineTable } from './timeline-chart';

export interface StatsChartsProps {
  agent: string | null;
  timeline: readonly TimelinePoint[];
  timelineSummary: TimelineSummary;
  histogram: SummaryHistogram;
  costs: readonly CostPoint[];
  costSummary: CostSummary;
  triggers: readonly CountBar[];
  strategies: readonly CountBar[];
  hooks: readonly HookTimingRow[];
  fallbacks: FallbackSummary | null;
  /** What the per-event cards show instead of a chart (loading, failed, no events), if anything. */
  seriesEmpty: ReactNode;
  /** What the aggregate cards show instead (loading, failed), if anything. */
  statsEmpty: ReactNode;
  statsPending: boolean;
  noEvents: boolean;
  onTrigger: (trigger: Trigger) => void;
  onStrategy: (strategy: Strategy) => void;
  /** The ledger's address for these filters. */
  ledgerLink: (patch: { plugin?: string; fallback?: boolean }) => string;
}

export function StatsCharts(props: StatsChartsProps) {
  const { agent, timeline, timelineSummary, histogram, costs, costSummary, triggers, strategies, hooks, fallbacks, seriesEmpty, statsEmpty, statsPending, noEvents } = props;
  const countsEmpty = statsEmpty ?? (noEvents ? <ChartEmpty>No events.</ChartEmpty> : undefined);
  // The charts are memoised: new aggregates (every second under live load) leave the per-event
  // charts alone, and a new sample the counts; each chart draws again only when its own data does.
  const { onTrigger, onStrategy } = props;
  const selectTrigger = useCallback((key: string) => onTrigger(key as Trigger), [onTrigger]);
  const selectStrategy = useCallback((key: string) => onStrategy(key as Strategy), [onStrategy]);
  return (
    <div className="stats-grid">
      <ChartCard
        {...CARDS.timeline}
        className="stats-grid__wide"
        summary={timelineSummary.events > 0 ? `${formatTokens(timelineSummary.tokensSaved)} saved over ${formatCounted(timelineSummary.events, 'event')}` : undefined}
        empty={seriesEmpty}
        chart={
          <>
            <TimelineChart points={timeline} height={CARDS.timeline.height - 22} />
            <TimelineLegend />
          </>
        }
        table={<TimelineTable points={timeline} />}
      />
      <div className="stats-grid__stack">
        <ChartCard
          {...CARDS.triggers}
          empty={countsEmpty}
          chart={<CountsChart bars={triggers} height={CARDS.triggers.height} onSelect={selectTrigger} />}
          table={<CountsTable bars={triggers} caption="Events by trigger" what="Trigger" />}
        />
        <ChartCard
          {...CARDS.strategies}
          empty={countsEmpty}
          chart={<CountsChart bars={strategies} height={CARDS.strategies.height} onSelect={selectStrategy} />}
          table={<CountsTable bars={strategies} caption="Events by strategy" what="Strategy" />}
        />
      </div>
      <ChartCard
        {...CARDS.ratio}
        summary={timelineSummary.medianRatio !== null ? `median ${formatRatio(timelineSummary.medianRatio)} (dashed)` : undefined}
        empty={seriesEmpty}
        chart={<RatioChart points={timeline} median={timelineSummary.medianRatio} height={CARDS.ratio.height} />}
        table={<RatioTable points={timeline} />}
      />
      <ChartCard
        {...CARDS.histogram}
        unit={`${CARDS.histogram.unit}, bins of ${formatCount(histogram.width)}`}
        summary={histogram.median !== null ? `median ${formatTokens(histogram.median)} · ${formatCount(histogram.withoutSummary)} without summary` : undefined}
        empty={seriesEmpty ?? (histogram.withSummary === 0 ? <ChartEmpty>No summaries: these events dropped messages without summarizing.</ChartEmpty> : undefined)}
        chart={<HistogramChart bins={histogram.bins} height={CARDS.histogram.height} />}
        table={<HistogramTable bins={histogram.bins} />}
      />
      <ChartCard
        {...CARDS.cost}
        summary={costs.length > 0 ? `${formatUsd(costSummary.total)} total · ${formatCount(costSummary.free)} free` : undefined}
        empty={seriesEmpty}
        chart={<CostChart points={costs} height={CARDS.cost.height} />}
        table={<CostTable points={costs} />}
      />
      <StatsSection id="hooks" className="stats-grid__wide">
        {(statsPending ? <Skeleton height="100%" /> : statsEmpty) ??
          (hooks.length === 0 ? (
            <ChartEmpty>No plugin hook fired{agent ? ` for ${agent}` : ''}.</ChartEmpty>
          ) : (
            <HookTimingsTable rows={hooks} slowest={slowestMs(hooks)} ledgerLink={(plugin) => props.ledgerLink({ plugin })} />
          ))}
      </StatsSection>
      <StatsSection id="fallbacks">
        {(statsPending ? <Skeleton height="100%" /> : statsEmpty) ?? (fallbacks && <FallbackList summary={fallbacks} ledgerLink={props.ledgerLink({ fallback: true })} />)}
      </StatsSection>
    </div>
  );
}
