import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { LazyPart, notDownloadedTitle } from '../components/lazy-part';
import { usePendingOpen } from '../components/pending-open';
import { Badge } from '../components/status-badge';
import { healthQuery } from '../lib/api/endpoints/get-health';
import { lazyComponent } from '../lib/lazy-component';
import type { LiveStatus } from '../lib/live/live-connection-options';
import { useBrowserOnline, useShownLiveStatus } from '../hooks/use-browser-online';
import { useReachability } from '../lib/api/daemon-reachability';
import { useLiveStatus } from '../lib/live/live-status';
import { formatCount } from '../domain/format';
import type { ConnectionDetailsProps } from './connection-details';
import { useFirstScreenDone } from '../lib/first-screen';
import './connection-indicator.css';

const LABEL: Record<LiveStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Daemon offline',
};

/** What is offline, when something is: the browser's network, or the daemon (the browser is online). */
export type OfflineCause = 'browser' | 'daemon' | null;

/** The details popover (radix Popover) loads once the first screen is in. */
const ConnectionDetails = lazyComponent<ConnectionDetailsProps>(() => import('./connection-details').then((m) => m.ConnectionDetails));

/** The live stream's state, and whether the daemon is simulated; details on click. */
export function ConnectionIndicator() {
  const status = useShownLiveStatus();
  const online = useBrowserOnline();
  const daemonDown = useReachability((s) => s.reachability === 'down');
  // "Offline" alone read as the operator's own network; it names which end it is.
  const cause: OfflineCause = !online ? 'browser' : daemonDown || status === 'offline' ? 'daemon' : null;
  const text = cause === 'browser' ? 'Browser offline' : cause === 'daemon' ? 'Daemon offline' : LABEL[status];
  const behind = useLiveStatus((s) => s.behind);
  const health = useQuery(healthQuery());
  const firstScreenDone = useFirstScreenDone();
  const pending = usePendingOpen(useId());
  // Behind the stream: said calmly, with how far, until it has caught up.
  const lag = behind && (behind.frames > 0 ? `behind by ${formatCount(behind.frames)} events` : `behind by ${Math.round(behind.lagMs / 1000)} s`);
  const label = `Connection: ${text}${lag ? `, ${lag}, catching up` : ''}`;
  const face = (
    <>
      {health.data?.simulated && (
        <Badge tone="warn" title="Answered by the simulated daemon, not a real kaged">
          simulated
        </Badge>
      )}
      <span className="connection__dot" aria-hidden="true" />
      <span className="connection__label">{text}</span>
      {lag && (
        <span className="connection__behind" role="status">
          {lag} — catching up
        </span>
      )}
    </>
  );
  // The same button until the details' code is in (asked for once the first screen is, or when
  // pressed; Escape or a press elsewhere withdraws the press: pending-open.tsx); if it did not
  // download, pressing it tries again (its title names the reload).
  const button = (retry?: () => void) => (
    <button
      type="button"
      className="connection"
      data-status={status}
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded="false"
      title={retry && notDownloadedTitle('The details')}
      {...pending.standInProps}
      onClick={() => {
        pending.request();
        retry?.();
      }}
    >
      {face}
    </button>
  );
  if (!firstScreenDone && !pending.requested) return button();
  return (
    <LazyPart
      what="the connection details"
      fallback={pending.withWatch(button())}
      failed={button}
    >
      <ConnectionDetails status={status} cause={cause} label={label} defaultOpen={pending.requested}>
        {face}
      </ConnectionDetails>
    </LazyPart>
  );
}
