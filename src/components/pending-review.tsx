import { Link } from 'react-router';
import type { SessionSummary } from '../domain/contract/types';
import { checkpointHref, sessionHref } from '../lib/routes';
import './pending-review.css';

type PendingSession = Pick<SessionSummary, 'id' | 'compaction_pending' | 'pending_checkpoint_id'>;

/** Where the waiting proposal is reviewed: its checkpoint, or the session's checkpoints panel when the id is unknown. */
export function reviewHref(session: PendingSession): string {
  return session.pending_checkpoint_id ? checkpointHref(session.id, session.pending_checkpoint_id) : `${sessionHref(session.id)}#checkpoints`;
}

/**
 * A session paused with compaction_pending: the banner of the session page, with the way to
 * review the proposal. Nothing when no proposal waits.
 */
export function PendingCheckpointBanner({ session, className }: { session: PendingSession; className?: string }) {
  if (!session.compaction_pending) return null;
  return (
    <div className={className ? `pending-banner ${className}` : 'pending-banner'} role="status" data-testid="pending-banner">
      <span className="pending-banner__icon" aria-hidden="true">
        ❚❚
      </span>
      <p className="pending-banner__text">
        <strong>Paused: a compaction waits for approval.</strong>{' '}
        <span className="muted">
          The checkpoint strategy proposed one{session.pending_checkpoint_id ? <> (checkpoint <span className="mono">{session.pending_checkpoint_id}</span>)</> : null}; the
          session resumes once it is approved, edited or rejected.
        </span>
      </p>
      <Link className="button button--primary" to={reviewHref(session)}>
        Review the proposal
      </Link>
    </div>
  );
}

/**
 * The list row's version: the "approval pending" badge made actionable, a link to the proposal's
 * review (same width as the plain badge, so the column does not grow). On a narrow screen it reads
 * "pending ›" beside the status; its accessible name and tooltip stay whole.
 */
export function PendingReviewLink({ session }: { session: PendingSession }) {
  if (!session.compaction_pending) return null;
  return (
    <Link className="badge badge--warn pending-link" to={reviewHref(session)} title="A checkpoint compaction is waiting for the operator's approval: review it">
      {/* One inline run: the badge lays out its children as flex items, which would drop the spaces. */}
      <span>
        <span className="pending-link__lead">approval </span>pending<span aria-hidden="true">›</span>
      </span>
    </Link>
  );
}
