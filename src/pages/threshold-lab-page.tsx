import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../lib/api/api-error';
import { sessionQuery } from '../lib/api/endpoints/get-session';
import { sessionHref } from '../lib/routes';
import { ThresholdLab } from '../features/threshold-lab/components/threshold-lab';
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
          <nav className="page__crumbs" aria-label="Breadcrumb">
            <Link to="/sessions">Sessions</Link>
            <span aria-hidden="true">/</span>
            <Link to={sessionHref(sessionId)} title={session?.title}>
              {session?.title ?? sessionId}
            </Link>
          </nav>
          <h1>Threshold lab</h1>
        </div>
      </header>
      <ThresholdLab key={sessionId} sessionId={sessionId} />
    </div>
  );
}
