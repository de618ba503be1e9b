import { Skeleton } from '../../../components/skeleton';
import '../../../components/panel.css';
import './event-detail.css';

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
