import { Link } from 'react-router';
import { CompactOutcomeNotice } from '../../../components/compact-outcome';
import { uriComponent } from '../../../lib/routes';
import type { Decision } from '../hooks/use-decide';
import '../../../components/notice.css';

/** How the decision went: rejected, or the compaction it ran; and the way back to the session. */
export function DecisionNotice({ sessionId, decision }: { sessionId: string; decision: Decision }) {
  const back = <Link to={`/sessions/${uriComponent(sessionId)}`}>Back to the session</Link>;
  if (decision.action === 'reject') {
    return (
      <div className="callout" role="status" data-outcome="rejected">
        <strong>Rejected.</strong> Nothing was compacted; the session resumed. {back}
      </div>
    );
  }
  const result = decision.result.result;
  return (
    <div className="review__decision">
      {result ? <CompactOutcomeNotice sessionId={sessionId} result={result} /> : <div className="callout">Resolved.</div>}
      <p className="muted">
        {decision.action === 'edit' ? 'Applied with the edited overrides.' : 'Approved.'} The session resumed. {back}
      </p>
    </div>
  );
}
