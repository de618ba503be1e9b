import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import { checkpointsQuery } from '../api/list-checkpoints';
import { ProposalReview } from './proposal-review';
import '../../../components/dialog.css';
import '../../../components/notice.css';
import './checkpoints.css';
import { uriComponent } from '../../../lib/routes';

/** A compaction proposal under review: approve, edit the overrides (previewed), or reject. */
export function CheckpointReview({ sessionId, checkpointId }: { sessionId: string; checkpointId: string }) {
  const { data: session } = useSuspenseQuery(sessionQuery(sessionId));
  const { data: checkpoints } = useSuspenseQuery(checkpointsQuery(sessionId));
  const checkpoint = checkpoints.find((c) => c.id === checkpointId);
  const sessionHref = `/sessions/${uriComponent(sessionId)}`;

  const crumbs = (
    <nav className="page__crumbs" aria-label="Breadcrumb">
      <Link to="/sessions">Sessions</Link>
      <span aria-hidden="true">/</span>
      <Link to={sessionHref} title={session.title}>
        {session.title}
      </Link>
      <span aria-hidden="true">/</span>
      <span className="mono">{checkpointId}</span>
    </nav>
  );

  if (!checkpoint) {
    return (
      <div className="review__layout">
        <div className="review__head">{crumbs}</div>
        <EmptyState title="No such checkpoint in this session">
          <Link to={sessionHref}>Back to the session</Link>
        </EmptyState>
      </div>
    );
  }
  if (checkpoint.reason !== 'compaction_pending' || checkpoint.proposal === null) {
    return (
      <div className="review__layout">
        <div className="review__head">{crumbs}</div>
        <EmptyState title={`Checkpoint ${checkpoint.id} holds no compaction proposal (${checkpoint.reason})`}>
          <Link to={sessionHref}>Back to the session</Link>
        </EmptyState>
      </div>
    );
  }
  return <ProposalReview sessionId={sessionId} sessionTitle={session.title} checkpoint={checkpoint} proposal={checkpoint.proposal} crumbs={crumbs} />;
}
