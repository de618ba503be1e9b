import { Stat, StatSkeleton } from '../../../components/stat';
import { formatCount, formatCounted, formatTokens, formatUsd } from '../../../domain/format';
import type { CompactionStats } from '../../../domain/contract/types';
import '../../../components/stat.css';
import './compaction-summary.css';

const BREAKDOWNS = [
  { key: 'by_strategy', label: 'By strategy' },
  { key: 'by_trigger', label: 'By trigger' },
  { key: 'by_flag', label: 'Operator flags' },
] as const;

function Counts({ items }: { items: CompactionStats['by_strategy'] }) {
  const present = items.filter((item) => item.count > 0);
  if (present.length === 0) return <span className="faint">none</span>;
  return (
    <>
      {present.map((item) => (
        <span key={item.key} className="summary__count">
          {item.key.replace(/_/g, ' ')} <span className="num">{formatCount(item.count)}</span>
        </span>
      ))}
    </>
  );
}

/** Compaction at a glance: events, tokens saved, cost, fallbacks, and what triggered what. */
export function CompactionSummary({ stats }: { stats: CompactionStats }) {
  const topReason = [...stats.fallback_reasons].sort((a, b) => b.count - a.count)[0];
  return (
    <div className="summary">
      <dl className="stats">
        <Stat label="Events" value={formatCount(stats.events_total)} hint={`in ${formatCounted(stats.sessions, 'session')}`} />
        <Stat label="Tokens saved" value={formatTokens(stats.tokens_saved)} hint={`${formatCount(stats.tokens_saved)} tokens`} />
        <Stat label="Compactor cost" value={formatUsd(stats.cost.compactor_usd)} hint="summarizer, plugins" />
        <Stat label="Primary cost" value={formatUsd(stats.cost.primary_usd)} hint="agents' own calls" />
        <Stat label="Total cost" value={formatUsd(stats.cost.total_usd)} />
        <Stat
          label="Fallbacks"
          value={formatCount(stats.fallback_total)}
          tone={stats.fallback_total > 0 ? 'warn' : 'default'}
          hint={topReason ? <span title={topReason.key}>most: {topReason.key}</span> : 'none'}
        />
      </dl>
      <dl className="summary__breakdowns">
        {BREAKDOWNS.map(({ key, label }) => (
          <div key={key} className="summary__breakdown">
            <dt>{label}</dt>
            <dd>
              <Counts items={stats[key]} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function CompactionSummarySkeleton() {
  return (
    <div className="summary" aria-busy="true">
      <dl className="stats">
        <StatSkeleton label="Events" />
        <StatSkeleton label="Tokens saved" />
        <StatSkeleton label="Compactor cost" />
        <StatSkeleton label="Primary cost" />
        <StatSkeleton label="Total cost" />
        <StatSkeleton label="Fallbacks" />
      </dl>
      <dl className="summary__breakdowns">
        {BREAKDOWNS.map(({ key, label }) => (
          <div key={key} className="summary__breakdown">
            <dt>{label}</dt>
            <dd>&nbsp;</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
