import { useQuery } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import type { ReactNode } from 'react';
import { describeError } from '../lib/api/api-error';
import { healthQuery } from '../lib/api/endpoints/get-health';
import { formatCount } from '../domain/format';
import type { LiveStatus } from '../lib/live/live-connection-options';
import { useLiveStatus } from '../lib/live/live-status';
import { useReachability } from '../lib/api/daemon-reachability';
import type { OfflineCause } from './connection-indicator';

const EXPLANATION: Record<LiveStatus, string> = {
  connecting: 'Opening the live event stream.',
  live: 'Receiving live events; what is shown updates by itself.',
  reconnecting: 'The live stream dropped; reconnecting and resuming after the last event seen.',
  offline: 'The daemon cannot be reached; still retrying. What is shown may be out of date.',
};

const OFFLINE: Record<Exclude<OfflineCause, null>, string> = {
  browser: 'This browser has no network connection; the daemon may well be running. What is shown may be out of date.',
  daemon: 'The daemon is not answering (this browser is online); still retrying. What is shown may be out of date.',
};

export interface ConnectionDetailsProps {
  status: LiveStatus;
  /** What is offline, when something is. */
  cause: OfflineCause;
  /** The trigger's accessible name. */
  label: string;
  defaultOpen: boolean;
  /** What the trigger shows. */
  children: ReactNode;
}

/** The connection indicator's popover: the stream's state explained, the daemon, the last event, skipped frames. */
export function ConnectionDetails({ status, cause, label, defaultOpen, children }: ConnectionDetailsProps) {
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger className="connection" data-status={status} aria-label={label}>
        {children}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="connection__details" align="end" sideOffset={6}>
          <p className="connection__explanation">{cause ? OFFLINE[cause] : EXPLANATION[status]}</p>
          <ConnectionFacts />
          <Popover.Arrow className="connection__arrow" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * The popover's facts, rendered only while it is open: the last event's number changes with every
 * live batch, and the closed popover has nothing to show for it.
 */
function ConnectionFacts() {
  const lastSeq = useLiveStatus((s) => s.lastSeq);
  const lastProblem = useLiveStatus((s) => s.lastProblem);
  const problemCount = useLiveStatus((s) => s.problemCount);
  const health = useQuery(healthQuery());
  const down = useReachability((s) => s.reachability === 'down');
  return (
    <dl className="connection__facts">
      <dt>Daemon</dt>
      <dd>
        {down
          ? `not answering${health.data ? ` (its last answer: kaged ${health.data.version})` : ''}`
          : health.data
          ? `kaged ${health.data.version} · ${health.data.status}${health.data.simulated ? ' · simulated' : ''}`
          : health.error
            ? describeError(health.error)
            : 'asking…'}
      </dd>
      <dt>Last event</dt>
      <dd className="num">{lastSeq === null ? 'none yet' : `#${formatCount(lastSeq)}`}</dd>
      {lastProblem && (
        <>
          <dt>Skipped</dt>
          <dd>
            {problemCount} problem{problemCount === 1 ? '' : 's'}; latest: {lastProblem}
          </dd>
        </>
      )}
    </dl>
  );
}
