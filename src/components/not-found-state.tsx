import { Link } from 'react-router';
import { EmptyState } from './empty-state';

/** A page whose subject (a session, a project) does not exist: one calm message and a way back. */
export function NotFoundState({ what, id }: { what: string; id: string }) {
  return (
    <EmptyState title={`No ${what} ${id}`}>
      <p>It does not exist on this daemon, or no longer does.</p>
      <p>
        <Link to="/sessions">Go to the sessions</Link>
      </p>
    </EmptyState>
  );
}
