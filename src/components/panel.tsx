import { useId, type ReactNode } from 'react';
import { Loadable } from './loadable';
import './panel.css';

interface PanelProps {
  /** Optional: a panel that is the page's only content needs no heading of its own. */
  title?: ReactNode;
  /** Names the content in a failure message: "the agents". */
  what: string;
  /** Loading placeholder with the final dimensions. */
  skeleton: ReactNode;
  /** Beside the title (counts, links). */
  aside?: ReactNode;
  resetKey?: unknown;
  className?: string;
  children: ReactNode;
}

/** A titled region of a page with its own loading and failure states. */
export function Panel({ title, what, skeleton, aside, resetKey, className, children }: PanelProps) {
  const titleId = useId();
  return (
    <section
      className={className ? `panel ${className}` : 'panel'}
      aria-labelledby={title === undefined ? undefined : titleId}
    >
      {title !== undefined && (
        <header className="panel__header">
          <h2 id={titleId}>{title}</h2>
          {aside && <div className="panel__aside">{aside}</div>}
        </header>
      )}
      <Loadable what={what} skeleton={skeleton} resetKey={resetKey}>
        {children}
      </Loadable>
    </section>
  );
}
