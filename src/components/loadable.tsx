import { QueryErrorResetBoundary, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useReducer, type ReactNode } from 'react';
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
  const [, drawAgain] = useReducer((draws: number) => draws + 1, 0);
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
          <Suspense fallback={<SkeletonUntilAnswered skeleton={skeleton} onAnswer={drawAgain} />}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

/**
 * The skeleton, which draws its boundary again as soon as a query is answered. React holds back a
 * suspended boundary's own retry until 300 ms after any skeleton was last shown (its fallback
 * throttle, which batches reveals); on a first screen every part's skeleton has just been shown,
 * so each first answer waited out most of that. An ordinary render shows the content at once:
 * nothing moves, the skeletons have the content's size.
 */
function SkeletonUntilAnswered({ skeleton, onAnswer }: { skeleton: ReactNode; onAnswer: () => void }) {
  const queryCache = useQueryClient().getQueryCache();
  useEffect(
    () =>
      queryCache.subscribe((event) => {
        if (event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'error')) onAnswer();
      }),
    [queryCache, onAnswer],
  );
  return skeleton;
}
