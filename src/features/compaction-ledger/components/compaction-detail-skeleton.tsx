import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { Skeleton } from '../../../components/skeleton';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import { sessionHref } from '../../../lib/routes';
import '../../../components/panel.css';
import '../../../components/detail-section.css';
import './compaction-detail.css';
import './record-sections.css';

/** The event's panels while it loads: the same grid and section headings. */
export function DetailSkeleton() {
  return (
    <div className="event-detail__grid" aria-busy="true">
      <section className="panel event-detail__main">
        <div className="record__groups">
          {['Event', 'Context', 'Summarizer and cost'].map((title) => (
            <div key={title} className="record__group">
              <h3>{title}</h3>
              <Skeleton height={110} />
            </div>
          ))}
        </div>
        <div className="detail-section">
          <h3>Estimates against the thresholds</h3>
          <Skeleton height={88} />
        </div>
      </section>
      <section className="panel event-detail__side">
        <div className="detail-section">
          <Skeleton height={180} />
        </div>
      </section>
    </div>
  );
}

/** The event page's heading while its code loads: the same crumbs, title and tools (the walk not ready yet). */
export function DetailHeaderSkeleton({ sessionId, compactionId }: { sessionId: string; compactionId: string }) {
  const { data: session } = useQuery(sessionQuery(sessionId));
  const ledgerPath = `${sessionHref(sessionId)}${useLocation().search}`;
  return (
    <header className="page__header">
      <div className="event-detail__heading">
        <nav className="page__crumbs" aria-label="Breadcrumb">
          <Link to="/sessions">Sessions</Link>
          <span aria-hidden="true">/</span>
          <Link to={ledgerPath}>{session?.title ?? sessionId}</Link>
        </nav>
        <h1>
          Compaction <span className="mono event-detail__id">{compactionId}</span>
        </h1>
      </div>
      <div className="event-detail__tools">
        <Link className="button" to={`${ledgerPath}#ledger`}>
          ↑ Back to the ledger
        </Link>
        <nav className="event-nav" aria-label="Events of this view">
          <span className="event-nav__position num muted">finding its place…</span>
          <button type="button" className="button" disabled>
            ← Previous
          </button>
          <button type="button" className="button" disabled>
            Next →
          </button>
        </nav>
      </div>
    </header>
  );
}
