import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { useCredentialChanges } from '../lib/api/credential-changes';
import { useReachability } from '../lib/api/daemon-reachability';
import { ErrorBoundary } from './error-boundary';
import { ErrorState } from './error-state';

interface LoadableProps {
  /** Shown while loading; the same size as the loaded content, so nothing jumps. */
  skeleton: ReactNode;
  /** Names the content in the failure message: "Could not load the agents". */
  what: string;
  /** A change clears a shown failure (e.g. the route's ids). */
  resetKey?: unknown;
  children: ReactNode;
}

/**
 * One loading/failure boundary: children read server state with useSuspenseQuery; while it loads
 * the skeleton shows, and a failure shows a specific message and a retry here only, so the
 * rest of the page keeps working. When the daemon answers again after an outage, or the operator
 * changes the credentials, a shown failure retries by itself.
 */
export function Loadable({ skeleton, what, resetKey, children }: LoadableProps) {
  const recoveries = useReachability((s) => s.recoveries);
  const credentialChanges = useCredentialChanges((s) => s.changes);
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          onReset={reset}
          resetKey={resetKey}
          retrySignal={recoveries + credentialChanges}
          fallback={(error, retry) => <ErrorState error={error} what={what} onRetry={retry} />}
        >
          <Suspense fallback={skeleton}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
