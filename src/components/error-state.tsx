import { describeError, isApiError } from '../lib/api/api-error';
import { useIsOutageFailure } from '../lib/api/daemon-reachability';
import { autoRetryDelayMs } from '../lib/api/auto-retry';
import { useAutoRetry } from '../hooks/use-auto-retry';
import './states.css';

interface ErrorStateProps {
  error: unknown;
  /** "the agents", "this session" */
  what: string;
  onRetry?: () => void;
}

function headline(error: unknown, what: string): string {
  if (!isApiError(error)) return `Could not show ${what}`;
  switch (error.kind) {
    case 'http':
      if (error.status === 404) return `Could not find ${what}`;
      if (error.status === 401 || error.status === 403) return `Not allowed to see ${what}: check the operator id and token in Settings`;
      if (error.status === 503) return `The daemon is unavailable; could not load ${what}`;
      return `The daemon failed to answer ${what}`;
    case 'network':
      return `Could not reach the daemon for ${what}`;
    case 'timeout':
      return `The daemon took too long to answer ${what}`;
    case 'malformed':
      // A gateway in front of a stopped daemon answers 502/504 with an empty or HTML body.
      if (error.status !== null && error.status >= 500) return `The daemon (or a proxy in front of it) failed to answer ${what}`;
      return `The daemon answered ${what} with data Compactor cannot trust`;
    case 'invalid_response':
      return `The daemon answered ${what} with data Compactor cannot trust`;
  }
}

/**
 * A failure, said specifically, with a retry (by itself too, for failures that may pass: auto-retry.ts). While the daemon as a whole is not answering, the
 * page says so once (the outage banner) and this only waits quietly for it to come back.
 */
export function ErrorState({ error, what, onRetry }: ErrorStateProps) {
  const outage = useIsOutageFailure(error);
  const retriesByItself = useAutoRetry(error, onRetry);
  if (outage) {
    return (
      <div className="state state--waiting" role="status">
        <p className="state__detail">Waiting for the daemon to show {what}…</p>
      </div>
    );
  }
  return (
    <div className="state state--error" role="alert">
      <div className="state__text">
        <p className="state__title">{headline(error, what)}.</p>{' '}
        <p className="state__detail">
          {describeError(error)}
          {retriesByItself && ` Trying again in ${Math.round(autoRetryDelayMs(error) / 1000)} s.`}
        </p>
      </div>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
