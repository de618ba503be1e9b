import { Skeleton } from '../../../components/skeleton';
import { StatSkeleton } from '../../../components/stat';
import '../../../components/stat.css';
import './session-header.css';

const COST_LABELS = ['Primary', 'Compactor', 'Total'] as const;

/** The header while the session loads: the same rows, the cost labels already in place. */
export function SessionHeaderSkeleton() {
  return (
    <section className="session-header" aria-busy="true" aria-label="Session (loading)">
      <div className="session-header__identity">
        <nav className="page__crumbs">
          <Skeleton width={160} height={12} />
        </nav>
        <div className="session-header__title">
          <Skeleton width={320} height={22} />
        </div>
        <p className="session-header__meta">
          <Skeleton width={420} height={12} />
        </p>
        <div className="session-header__context">
          <span className="muted">Primary context</span>
          <Skeleton height={8} />
        </div>
      </div>
      <div className="session-header__side">
        <div className="session-header__actions" />
        <dl className="stats session-header__cost">
          {COST_LABELS.map((label) => (
            <StatSkeleton key={label} label={label} />
          ))}
        </dl>
      </div>
    </section>
  );
}
