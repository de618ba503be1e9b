import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { TimeAgo } from '../../../components/time-ago';
import type { Schemas } from '../../../domain/contract/types';
import { displayKnobValue, knobName } from '../../../domain/knobs/knob-values';
import { useKnobLabels } from '../../../hooks/use-knob-labels';
import { configHistoryQuery } from '../api/config-history';
import { VersionCompareDialog } from './knobs-dialogs';
import './config-history.css';

type ConfigChangeEvent = Schemas['ConfigChangeEvent'];

interface ConfigHistoryProps {
  sessionId: string;
  agentPath: string;
  config: Schemas['AgentCompactionConfig'];
  /** Brings back the values of `version` as unsaved edits, to review and save (the saves after it are in `events`). */
  onRevert: (events: readonly ConfigChangeEvent[], version: number) => void;
}

/** An agent's recent saved changes (config.changed audit events): who, when, which knobs old → new; revert to a version, compare two. */
export function ConfigHistory({ sessionId, agentPath, config, onRevert }: ConfigHistoryProps) {
  const history = useQuery(configHistoryQuery(sessionId, agentPath));
  const labels = useKnobLabels();
  const [picked, setPicked] = useState<number[]>([]);
  const [comparing, setComparing] = useState(false);
  const events = history.data?.items ?? [];
  // Only versions of this config (a newer one makes the list stale until it is read again).
  const current = events.filter((e) => e.version <= config.version);
  const pick = (version: number, on: boolean) => setPicked((p) => (on ? [...p.filter((v) => v !== version), version].slice(-2) : p.filter((v) => v !== version)));
  const [a, b] = [...picked].sort((x, y) => x - y);
  return (
    <div className="kh">
      <h2 className="knobs__side-title">
        Recent changes {history.data && history.data.total > 0 && <span className="faint num">({history.data.total})</span>}
      </h2>
      {history.isError ? (
        <ErrorState error={history.error} what="the change history" onRetry={() => void history.refetch()} />
      ) : !history.data ? (
        <Skeleton height={120} />
      ) : events.length === 0 ? (
        <p className="faint">No saved changes on this agent yet.</p>
      ) : (
        <>
          <ol className="kh__list">
            {current.map((event) => (
              <li key={event.id} className="kh__event" data-version={event.version}>
                <p className="kh__meta">
                  <label className="kh__pick" title={`Pick version ${event.version} to compare`}>
                    <input type="checkbox" checked={picked.includes(event.version)} onChange={(e) => pick(event.version, e.target.checked)} aria-label={`Compare version ${event.version}`} />
                    <span className="num">v{event.version}</span>
                  </label>{' '}
                  · <span className="kh__actor" title={event.actor}>{event.actor}</span> · <TimeAgo iso={event.at} />
                </p>
                <ul className="kh__changes">
                  {event.changes.map((c) => (
                    <li key={c.key}>
                      <span title={c.key}>{knobName(labels, c.key)}</span>{' '}
                      <span className="num">
                        {displayKnobValue(c.key, c.old)} → {displayKnobValue(c.key, c.new)}
                      </span>
                      {c.action === 'unset' && <span className="faint"> (inherits again)</span>}
                    </li>
                  ))}
                </ul>
                {event.version < config.version && (
                  <button type="button" className="button button--quiet kh__revert" onClick={() => onRevert(current, event.version)}>
                    Revert to v{event.version}…
                  </button>
                )}
              </li>
            ))}
          </ol>
          <div className="kh__compare">
            <button type="button" className="button" disabled={a === undefined || b === undefined} onClick={() => setComparing(true)}>
              {a !== undefined && b !== undefined ? `Compare v${a} and v${b}` : 'Compare two versions'}
            </button>
            {picked.length < 2 && <span className="faint">Tick two versions.</span>}
          </div>
          {comparing && a !== undefined && b !== undefined && <VersionCompareDialog config={config} events={current} a={a} b={b} labels={labels} onClose={() => setComparing(false)} />}
        </>
      )}
    </div>
  );
}
