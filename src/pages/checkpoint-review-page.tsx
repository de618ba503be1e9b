import { useParams } from 'react-router';
import { Loadable } from '../components/loadable';
import { CheckpointReview } from '../features/checkpoints/components/checkpoint-review';
import { ReviewSkeleton } from '../features/checkpoints/components/checkpoint-review-skeleton';

/** /sessions/:sessionId/checkpoints/:checkpointId: a compaction proposal under review. */
export function CheckpointReviewPage() {
  const { sessionId = '', checkpointId = '' } = useParams();
  return (
    <div className="page review">
      <Loadable what="this checkpoint" skeleton={<ReviewSkeleton />} resetKey={`${sessionId}/${checkpointId}`}>
        <CheckpointReview sessionId={sessionId} checkpointId={checkpointId} />
      </Loadable>
    </div>
  );
}
