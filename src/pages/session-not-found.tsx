import { NotFoundState } from '../components/not-found-state';

/** The whole page of a session the daemon does not know (its link is old, or it was deleted). */
export function SessionNotFound({ sessionId }: { sessionId: string }) {
  return (
    <div className="page">
      <title>Session not found · Compactor</title>
      <NotFoundState what="session" id={sessionId} />
    </div>
  );
}
