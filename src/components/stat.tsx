import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';
import './stat.css';

interface StatProps {
  label: string;
  value: ReactNode;
  /** A second line under the figure. */
  hint?: ReactNode;
  tone?: 'default' | 'warn';
}

/** One labelled figure. */
export function Stat({ label, value, hint, tone = 'default' }: StatProps) {
  return (
    <div className={`stat stat--${tone}`}>
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value num">{value}</dd>
      {/* A hint that is text keeps its whole wording reachable when the card is too narrow for it. */}
      <dd className="stat__hint" title={typeof hint === 'string' ? hint : undefined}>
        {hint ?? '\u00a0'}
      </dd>
    </div>
  );
}

/** A Stat while its figure loads, the same size. */
export function StatSkeleton({ label }: { label: string }) {
  return <Stat label={label} value={<Skeleton width={64} height={18} />} hint={<Skeleton width={96} height={10} />} />;
}
