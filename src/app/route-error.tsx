import { Link, useLocation, useRouteError } from 'react-router';
import { describeError } from '../lib/api/api-error';

/** Any address the app does not know. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="route-message">
      <title>Not found · Compactor</title>
      <h1>Nothing here</h1>
      <p className="muted">
        Compactor has no page at <span className="mono">{pathname}</span>.
      </p>
      <Link to="/sessions">Go to the sessions</Link>
    </div>
  );
}

/** A failure no panel caught (a bug): say so, and offer a way out. */
export function RouteError() {
  const error = useRouteError();
  return (
    <div className="route-message" role="alert">
      <h1>Something broke on this page</h1>
      <p className="muted">{describeError(error)}</p>
      <p>
        <a href="/sessions">Reload the sessions</a>
      </p>
    </div>
  );
}
