import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { TimeAgo } from '../../../components/time-ago';
import { configHistoryQuery } from '../api/config-history';
import { displayKnobValue } from '../lib/knob-controls';

/** An agent's recent saved changes (config.changed audit events): who, when, which keys, old → new. */
export function ConfigHistory({ sessionId, agentPath }: { sessionId: string; agentPath: string }) {
  const history = useQuery(configHistoryQuery(sessionId, agentPath));
  return (
    <div className="kh">
      <h2 className="knobs__side-title">
        Recent changes {history.data && history.data.total > 0 && <span className="faint num">({history.data.total})</span>}
      </h2>
      {history.isError ? (
        <ErrorState error={history.error} what="the change history" onRetry={() => void history.refetch()} />
      ) : !history.data ? (
        <Skeleton height={120} />
      ) : history.data.items.length === 0 ? (
        <p className="faint">No saved changes on this agent yet.</p>
      ) : (
        <ol className="kh__list">
          {history.data.items.map((event) => (
            <li key={event.id} className="kh__event">
              <p className="kh__meta">
                <span className="num">v{event.version}</span> · <span>{event.actor}</span> · <TimeAgo iso={event.at} />
              </p>
              <ul className="kh__changes">
                {event.changes.map((c) => (
                  <li key={c.key}>
                    <span className="mono">{c.key}</span>{' '}
                    <span className="num">
                      {displayKnobValue(c.key, c.old)} → {displayKnobValue(c.key, c.new)}
                    </span>
                    {c.action === 'unset' && <span className="faint"> (inherits again)</span>}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
