/**
 * The stats panel's frame without its charts: what each card is (title, unit, height), the headline
 * and the grid as they look while the data or the charts' code (recharts, loaded on demand) are on
 * their way. The charts fill the same frames, so nothing moves when they arrive.
 */
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/skeleton';
import { StatSkeleton } from '../../../components/stat';
import { ChartCard } from '../../../components/charts/chart-card';
import '../../../components/panel.css';
import '../../../components/stat.css';
import '../../../components/charts/charts.css';
import './stats.css';

export const CARDS = {
  timeline: {
    title: 'Tokens before → after',
    unit: 'tokens per event, against each event’s thresholds',
    description:
      'Floating bars from the tokens after to the tokens before each compaction, oldest to newest, with the upper threshold, the lower threshold and the context window as step lines.',
    height: 330,
    summaryLine: true,
  },
  triggers: { title: 'Events by trigger', unit: 'events', description: 'Number of compaction events per trigger, every trigger listed.', height: 150 },
  strategies: { title: 'Events by strategy', unit: 'events', description: 'Number of compaction events per strategy, every strategy listed.', height: 126 },
  ratio: {
    title: 'Compression ratio',
    unit: 'tokens after ÷ before, per event (lower compresses more)',
    description: 'The compression ratio of each compaction, oldest to newest, with the median as a dashed line.',
    height: 180,
    summaryLine: true,
  },
  histogram: { title: 'Summary length', unit: 'tokens per summary', description: 'How many summaries fall in each length range, in tokens.', height: 180, summaryLine: true },
  cost: {
    title: 'Model cost per event',
    unit: 'USD per event (summarizer or compactor plugin)',
    description: 'The model cost of each compaction, oldest to newest, in US dollars.',
    height: 180,
    summaryLine: true,
  },
  // The header and five rows, each with up to two lines of results (three kinds of result wrap:
  // the seeded sessions' tables are 195-231 px); a sixth row scrolls inside the card.
  hooks: { title: 'Plugin hook timings', unit: 'per plugin and hook: milliseconds, and what each call returned', height: 26 + 43 * 5 },
  fallbacks: { title: 'Fallbacks', unit: 'events whose strategy fell back to drop, by reason', height: 120 },
} as const;

const HEADLINE = ['Events', 'Tokens saved', 'Median ratio', 'Compactor cost', 'Primary cost', 'Total cost', 'Fallbacks'];

export function HeadlineSkeleton() {
  return (
    <dl className="stats stats-headline" aria-busy="true">
      {HEADLINE.map((label) => (
        <StatSkeleton key={label} label={label} />
      ))}
    </dl>
  );
}

type ChartCardId = 'timeline' | 'triggers' | 'strategies' | 'ratio' | 'histogram' | 'cost';

function LoadingCard({ id, className }: { id: ChartCardId; className?: string }) {
  const card = CARDS[id];
  return <ChartCard {...card} className={className} empty={<Skeleton height="100%" />} chart={null} table={null} />;
}

/**
 * A card that is not a chart (hook timings, fallbacks): a titled section of a fixed height, like a
 * chart's (what does not fit scrolls inside), so the stats arriving late do not move the ledger below.
 */
export function StatsSection({ id, className, children }: { id: 'hooks' | 'fallbacks'; className?: string; children: ReactNode }) {
  const titleId = `${id}-title`;
  return (
    <section className={className ? `chart-card ${className}` : 'chart-card'} aria-labelledby={titleId}>
      <div className="chart-card__head">
        <div className="chart-card__title">
          <h3 id={titleId}>{CARDS[id].title}</h3>
          <span className="chart-card__unit">{CARDS[id].unit}</span>
        </div>
      </div>
      <div className="chart-card__body stats-section__body" style={{ height: CARDS[id].height }}>
        {children}
      </div>
    </section>
  );
}

/** The grid of cards while the figures or the charts' code load. */
export function StatsGridSkeleton() {
  return (
    <div className="stats-grid" aria-busy="true">
      <LoadingCard id="timeline" className="stats-grid__wide" />
      <div className="stats-grid__stack">
        <LoadingCard id="triggers" />
        <LoadingCard id="strategies" />
      </div>
      <LoadingCard id="ratio" />
      <LoadingCard id="histogram" />
      <LoadingCard id="cost" />
      <StatsSection id="hooks" className="stats-grid__wide">
        <Skeleton height="100%" />
      </StatsSection>
      <StatsSection id="fallbacks">
        <Skeleton height="100%" />
      </StatsSection>
    </div>
  );
}
