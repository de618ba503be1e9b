import { Skeleton } from '../../../components/skeleton';
import { EventHeader, FINDING_ITS_PLACE, useEventView } from './event-header';
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

/** The event page's heading while its code loads: the page's own, the walk not ready yet. */
export function DetailHeaderSkeleton({ sessionId, compactionId }: { sessionId: string; compactionId: string }) {
  return <EventHeader sessionId={sessionId} compactionId={compactionId} view={useEventView(sessionId)} place={FINDING_ITS_PLACE} />;
}
