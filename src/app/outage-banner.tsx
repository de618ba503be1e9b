import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useConnection } from '../config/settings-store';
import { probeDaemon, useReachability } from '../lib/api/daemon-reachability';

/** The daemon's address as the browser resolves it (a relative base URL becomes absolute). */
function daemonAddress(apiBaseUrl: string): string {
  try {
    return new URL(apiBaseUrl, window.location.href).href;
  } catch {
    return apiBaseUrl;
  }
}

function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * One page-level message while the daemon as a whole is not answering (instead of every panel
 * failing on its own); it probes by itself, and everything on the page recovers when it answers.
 */
export function OutageBanner() {
  const { reachability, nextProbeAt } = useReachability();
  const { apiBaseUrl } = useConnection();
  const seconds = useSecondsUntil(reachability === 'down' ? nextProbeAt : null);
  if (reachability !== 'down') return null;
  return (
    <section className="shell__banner shell__banner--outage" role="alert" aria-label="Daemon not answering">
      <p>
        The kaged daemon at <code>{daemonAddress(apiBaseUrl)}</code> is not answering;{' '}
        {seconds === 0 || seconds === null ? 'retrying now…' : `retrying in ${seconds} s.`} What is on screen may be out of date.
      </p>
      <div className="shell__banner-actions">
        <button type="button" className="button" onClick={() => void probeDaemon()}>
          Retry now
        </button>
        <Link to="/settings">Check the daemon URL in Settings</Link>
      </div>
    </section>
  );
}
