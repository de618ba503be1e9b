import { useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { describeError } from '../lib/api/api-error';
import { isCodeLoadFailure } from '../lib/lazy-component';

/** A failure no panel caught (a bug, or a page whose code did not load): say so, and offer a way out. */
export function RouteError({ error }: { error: unknown }) {
  const chunk = isCodeLoadFailure(error);
  return (
    <div className="route-message" role="alert">
      <h1>{chunk ? 'This page could not be loaded' : 'Something broke on this page'}</h1>
      <p className="muted">{describeError(error)}</p>
      {chunk && <p>Its code did not download: the network may be down, or a newer version of Compactor was deployed. Reloading fetches it again.</p>}
      <p>
        <a href={chunk ? window.location.href : '/sessions'}>{chunk ? 'Reload this page' : 'Reload the sessions'}</a>
      </p>
    </div>
  );
}

/** Around each page, and around the shell for what fails in it: what no panel caught replaces the page, until the address changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <RouteError error={error} />}>
      {children}
    </ErrorBoundary>
  );
}
