import { Link, useLocation } from 'react-router';

/** Any address the app does not know. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="route-message">
      <title>Not found · Compactor</title>
      <h1>Nothing here</h1>
      <p className="muted">
        Compactor has no page at{' '}
        <span className="mono route-message__path" title={pathname}>
          {pathname}
        </span>
        .
      </p>
      <Link to="/sessions">Go to the sessions</Link>
    </div>
  );
}
