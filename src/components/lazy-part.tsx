import { Suspense, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useReachability } from '../lib/api/daemon-reachability';
import { codeRetryDelayMs, isCodeLoadFailure, retryFailedCode } from '../lib/lazy-component';
import { ErrorBoundary } from './error-boundary';
import './states.css';

interface LazyPartProps {
  /** Names the part in its failure message: "the charts". */
  what: string;
  /** While its code downloads: the part's skeleton at its final size, or the control it stands for. */
  fallback: ReactNode;
  /** Drawn in its place when its code did not download, instead of the message (the control, still usable; `retry` downloads it again). */
  failed?: (retry: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * Around a part whose code is in another chunk (lazyComponent): its fallback while the code
 * downloads, and when the download fails (offline, the server gone, a newer build deployed), a
 * message in the part's place only, never the page's: the rest keeps working. The part tries
 * again by itself when the browser is back online, when the daemon answers again after an outage,
 * and after a while (2 s, doubling, at most a minute) while the browser says it is online. Anything
 * else the part throws goes to the boundary above, as before.
 */
export function LazyPart({ what, fallback, failed, children }: LazyPartProps) {
  const recoveries = useReachability((s) => s.recoveries);
  const failures = useRef(0);
  return (
    <ErrorBoundary
      onReset={retryFailedCode}
      retrySignal={recoveries}
      fallback={(error, retry) => {
        if (!isCodeLoadFailure(error)) throw error;
        return (
          <RetryByItself failuresRef={failures} retry={retry}>
            {failed ? failed(retry) : <CodeNotLoaded what={what} retry={retry} />}
          </RetryByItself>
        );
      }}
    >
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * The title of a control standing in for a part whose code did not download (a menu's trigger).
 * Pressing it asks again; a browser that keeps a failed module download for the life of the page
 * (Chromium before 156; whatwg/html#10327) answers with the same failure, so it also names the reload.
 */
export function notDownloadedTitle(what: string): string {
  return `${what} did not download: pressing tries again (if it still does not open, reload the page)`;
}

/** The part's place when its code did not download: what, why, and a retry. */
export function CodeNotLoaded({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <div className="state__text">
        <p className="state__title">Could not load {what}.</p>{' '}
        <p className="state__detail">
          Its code did not download (the network may be down, or a newer version of Compactor was deployed). Tried again by itself when the connection is back; if it
          still does not load, reloading the page fetches it.
        </p>
      </div>
      <button type="button" className="button" onClick={retry}>
        Retry
      </button>
    </div>
  );
}

function RetryByItself({ failuresRef, retry, children }: { failuresRef: RefObject<number>; retry: () => void; children: ReactNode }) {
  useEffect(() => {
    failuresRef.current += 1;
    window.addEventListener('online', retry);
    const timer = navigator.onLine ? setTimeout(retry, codeRetryDelayMs(failuresRef.current)) : undefined;
    return () => {
      window.removeEventListener('online', retry);
      clearTimeout(timer);
    };
  }, [failuresRef, retry]);
  return children;
}
