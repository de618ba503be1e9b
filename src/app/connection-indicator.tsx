import { useQuery } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { describeError } from '../lib/api/api-error';
import { formatCount } from '../lib/format';
import { Badge } from '../components/status-badge';
import { healthQuery } from '../lib/api/endpoints/get-health';
import { useLiveStatus } from '../lib/live/live-status';
import type { LiveStatus } from '../lib/live/live-connection';
import './connection-indicator.css';

const LABEL: Record<LiveStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

const EXPLANATION: Record<LiveStatus, string> = {
  connecting: 'Opening the live event stream.',
  live: 'Receiving live events; what is shown updates by itself.',
  reconnecting: 'The live stream dropped; reconnecting and resuming after the last event seen.',
  offline: 'The daemon cannot be reached; still retrying. What is shown may be out of date.',
};

/** The live stream's state, and whether the daemon is simulated; details on click. */
export function ConnectionIndicator() {
  const { status, lastSeq, lastProblem, problemCount } = useLiveStatus();
  const health = useQuery(healthQuery());
  return (
    <Popover.Root>
      <Popover.Trigger className="connection" data-status={status} aria-label={`Connection: ${LABEL[status]}`}>
        {health.data?.simulated && (
          <Badge tone="warn" title="Answered by the simulated daemon, not a real kaged">
            simulated
          </Badge>
        )}
        <span className="connection__dot" aria-hidden="true" />
        <span className="connection__label">{LABEL[status]}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="connection__details" align="end" sideOffset={6}>
          <p className="connection__explanation">{EXPLANATION[status]}</p>
          <dl className="connection__facts">
            <dt>Daemon</dt>
            <dd>
              {health.data
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
          <Popover.Arrow className="connection__arrow" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
