import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isNotFound } from '../lib/api/api-error';
import { sessionQuery } from '../lib/api/endpoints/get-session';
import { ThresholdLab } from '../features/threshold-lab/components/threshold-lab';
import { SessionCrumbs } from './session-crumbs';
import { SessionNotFound } from './session-not-found';

/** /sessions/:sessionId/lab: the threshold lab for one of the session's agents (settings in the query). */
export function ThresholdLabPage() {
  const { sessionId = '' } = useParams();
  const { data: session, error } = useQuery(sessionQuery(sessionId));
  if (isNotFound(error)) {
    return <SessionNotFound sessionId={sessionId} />;
  }
  return (
    <div className="page">
      <title>{`Threshold lab · ${session?.title ?? sessionId} · Compactor`}</title>
      <header className="page__header">
        <div>
          <SessionCrumbs sessionId={sessionId} title={session?.title} />
          <h1>Threshold lab</h1>
        </div>
      </header>
      <ThresholdLab key={sessionId} sessionId={sessionId} />
    </div>
  );
}
