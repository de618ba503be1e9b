import { Link } from 'react-router';
import { sessionHref } from '../lib/routes';

/** A session page's breadcrumb: Sessions / the session (its title once known) / `here`, when given. */
export function SessionCrumbs({ sessionId, title, here }: { sessionId: string; title: string | undefined; here?: string }) {
  return (
    <nav className="page__crumbs" aria-label="Breadcrumb">
      <Link to="/sessions">Sessions</Link>
      <span aria-hidden="true">/</span>
      <Link to={sessionHref(sessionId)} title={title}>
        {title ?? sessionId}
      </Link>
      {here !== undefined && (
        <>
          <span aria-hidden="true">/</span>
          <span>{here}</span>
        </>
      )}
    </nav>
  );
}
