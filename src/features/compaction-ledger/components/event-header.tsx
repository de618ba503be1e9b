import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../../components/status-badge';
import { formatCount } from '../../../domain/format';
import type { CompactionRecord } from '../../../domain/contract/types';
import { activeFilterCount, ledgerSearchString, readAcross, withinSession, type LedgerSearch } from '../../../domain/ledger-search';
import { useLedgerSearch } from '../../../hooks/use-ledger-search';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import { compactionsHref, eventReplayHref, sessionHref } from '../../../lib/routes';
import type { Neighbours } from '../hooks/use-event-neighbours';
import { detailPath } from '../lib/detail-path';
import './compaction-detail.css';

/** The ledger view an event page walks, from its address: its session's, or the one across sessions (`across=1`). */
export interface EventView {
  search: LedgerSearch;
  across: boolean;
  /** The session's ledger, this view's filters kept. */
  sessionLedgerPath: string;
  /** The ledger the page was opened from. */
  ledgerPath: string;
}

export function useEventView(sessionId: string): EventView {
  const [fullSearch] = useLedgerSearch();
  const [params] = useSearchParams();
  const across = readAcross(params);
  const search = across ? fullSearch : withinSession(fullSearch);
  const sessionLedgerPath = `${sessionHref(sessionId)}${ledgerSearchString(withinSession(search))}`;
  return { search, across, sessionLedgerPath, ledgerPath: across ? compactionsHref(ledgerSearchString(search)) : sessionLedgerPath };
}

type Place = Pick<Neighbours, 'previous' | 'next' | 'position' | 'total' | 'searching'>;

/** Where the event stands while the page's code loads (previous and next not known yet). */
export const FINDING_ITS_PLACE: Place = { previous: null, next: null, position: null, total: 0, searching: true };

function EventNav({ view: { search, across }, place }: { view: EventView; place: Place }) {
  const filtered = activeFilterCount(search) > 0;
  const where = `${filtered ? 'in this filtered view' : 'in the ledger'}${across ? ' across sessions' : ''}`;
  const link = (to: CompactionRecord) => detailPath(to.session_id, to.id, search, across);
  return (
    <nav className="event-nav" aria-label="Events of this view">
      <span className="event-nav__position num muted">
        {place.position !== null ? `${formatCount(place.position)} of ${formatCount(place.total)} ${where}` : place.searching ? 'finding its place…' : `not ${where}`}
      </span>
      {place.previous ? (
        <Link className="button" to={link(place.previous)} title="Previous event of this view (k)" rel="prev">
          ← Previous
        </Link>
      ) : (
        <button type="button" className="button" disabled>
          ← Previous
        </button>
      )}
      {place.next ? (
        <Link className="button" to={link(place.next)} title="Next event of this view (j)" rel="next">
          Next →
        </Link>
      ) : (
        <button type="button" className="button" disabled>
          Next →
        </button>
      )}
    </nav>
  );
}

interface EventHeaderProps {
  sessionId: string;
  compactionId: string;
  view: EventView;
  /** Its neighbours in the view (previous/next, k/j). */
  place: Place;
  /** The record once read: its badges. */
  record?: CompactionRecord;
  /** The record may be replayed in the lab (it is this session's). */
  replayable?: boolean;
}

/**
 * The event page's heading (also drawn while the page's code loads): crumbs, the event's id and
 * badges, and its tools (back to the ledger, replay in the lab, previous and next).
 */
export function EventHeader({ sessionId, compactionId, view, place, record, replayable = false }: EventHeaderProps) {
  const { data: session } = useQuery(sessionQuery(sessionId));
  return (
    <header className="page__header">
      <div className="event-detail__heading">
        <nav className="page__crumbs" aria-label="Breadcrumb">
          {view.across ? <Link to={view.ledgerPath}>Compactions</Link> : <Link to="/sessions">Sessions</Link>}
          <span aria-hidden="true">/</span>
          <Link to={view.sessionLedgerPath} title={session?.title}>
            {session?.title ?? sessionId}
          </Link>
        </nav>
        <h1>
          Compaction <span className="mono event-detail__id">{compactionId}</span>
          {record && (
            <span className="badges event-detail__badges">
              <Badge>{record.strategy}</Badge>
              {record.fallback_occurred && <Badge tone="warn">fell back</Badge>}
              {record.rolled_back && <Badge tone="warn">rolled back</Badge>}
            </span>
          )}
        </h1>
      </div>
      <div className="event-detail__tools">
        <Link className="button" to={`${view.ledgerPath}#ledger`}>
          ↑ Back to the ledger
        </Link>
        {record && replayable && (
          <Link
            className="button"
            to={eventReplayHref(sessionId, { event: record.id, agent: record.agent_path, at: record.created_at })}
            title="Replay this session in the threshold lab, this event's agent chosen and its moment marked"
          >
            Replay in the lab
          </Link>
        )}
        <EventNav view={view} place={place} />
      </div>
    </header>
  );
}
