import type { ReactNode } from 'react';
import './states.css';

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
}

/** Nothing to show, said plainly, with what to do about it. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="state state--empty">
      <div className="state__text">
        <p className="state__title">{title}</p>
        {children && <div className="state__detail">{children}</div>}
      </div>
    </div>
  );
}
