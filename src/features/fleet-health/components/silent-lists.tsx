/** What the health view lists beside the hook timings: no-ops and failures (which leave no record), and why events fell back. */
import { Link } from 'react-router';
import type { Schemas } from '../../../domain/contract/types';
import { STRATEGY_LABELS } from '../../../domain/compaction/labels';
import { formatCount } from '../../../domain/format';

export function SilentList({ title, summary, link }: { title: string; summary: Schemas['SilentSummary']; link: string }) {
  return (
    <div className="silent">
      <h3>
        {title} <Link to={link} className="num">{formatCount(summary.total)}</Link>
      </h3>
      {summary.total === 0 ? (
        <p className="muted">None in this range.</p>
      ) : (
        <ul>
          <KeyCounts counts={summary.by_reason} />
          <li className="muted">
            by strategy: {summary.by_strategy.map((s) => `${STRATEGY_LABELS[s.key as keyof typeof STRATEGY_LABELS] ?? s.key} ${formatCount(s.count)}`).join(' · ')}
          </li>
        </ul>
      )}
    </div>
  );
}

export function FallbackReasons({ reasons, total, link }: { reasons: readonly Schemas['StatCount'][]; total: number; link: string }) {
  return (
    <div className="silent">
      <h3>
        Fallback reasons <Link to={link} className="num">{formatCount(total)}</Link>
      </h3>
      {reasons.length === 0 ? (
        <p className="muted">None in this range.</p>
      ) : (
        <ul>
          <KeyCounts counts={reasons} />
        </ul>
      )}
    </div>
  );
}

function KeyCounts({ counts }: { counts: readonly Schemas['StatCount'][] }) {
  return counts.map((r) => (
    <li key={r.key}>
      <span className="num">{formatCount(r.count)}</span> <span>{r.key}</span>
    </li>
  ));
}
