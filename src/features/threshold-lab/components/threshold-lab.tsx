import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { compactionConfigQuery } from '../../../lib/api/endpoints/get-compaction-config';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import { agentRows } from '../../../domain/agent-tree';
import { formatDateTime } from '../../../domain/format';
import { compactionHref } from '../../../lib/routes';
import { replayQuery, replayUnsupported } from '../api/replay-session';
import { useLabDrafts } from '../hooks/use-lab-drafts';
import { draftToSetting, emptyDraft, MAX_SETTINGS, readLabSearch, writeLabSearch, type DraftErrors, type LabSearch, type ReplaySetting } from '../lib/lab-settings';
import { nothingReplayed, type ReplayResult } from '../lib/replay-view';
import { LabResults } from './lab-results';
import { SettingEditor } from './setting-editor';
import './lab.css';
import './lab-settings.css';

/**
 * The threshold lab: an agent's recorded history replayed call by call under up to three settings
 * (POST /sessions/{id}/replay), side by side with what really happened. The agent and the settings
 * live in the address; running a replay writes them there, so a lab is a link. What is typed and
 * not yet run is kept in this browser (hooks/use-lab-drafts).
 */
export function ThresholdLab({ sessionId }: { sessionId: string }) {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readLabSearch(params), [params]);
  const sessionRead = useQuery(sessionQuery(sessionId));
  const configRead = useQuery(compactionConfigQuery(sessionId, search.agent));
  const { data: session } = sessionRead;
  const { data: config } = configRead;
  const form = useLabDrafts(sessionId, search);
  const { settings: drafts, setSettings: setDrafts, includeRecorded, setIncludeRecorded } = form;
  const [errors, setErrors] = useState<DraftErrors[]>([]);
  const replay = useQuery(replayQuery(sessionId, search));

  const run = () => {
    const results = drafts.map(draftToSetting);
    setErrors(results.map((r) => r.errors ?? {}));
    if (results.some((r) => r.errors)) return;
    const settings = results.map((r) => r.setting as ReplaySetting);
    form.ran(settings);
    setParams(writeLabSearch({ ...search, settings, includeRecorded }));
  };

  return (
    <div className="lab">
      {/* Without these the form still works (blank fields keep the agent's values) but must say what it lacks. */}
      {sessionRead.error && <ErrorState error={sessionRead.error} what="the session's agents" onRetry={() => void sessionRead.refetch()} />}
      {configRead.error && <ErrorState error={configRead.error} what="the agent's compaction settings" onRetry={() => void configRead.refetch()} />}
      <form
        className="lab-card lab-form"
        aria-label="Settings to replay"
        onSubmit={(event) => {
          event.preventDefault();
          run();
        }}
      >
        <div className="lab-form__top">
          <label className="lab-form__agent">
            Agent
            <select
              className="input"
              value={search.agent}
              onChange={(event) => setParams(writeLabSearch({ ...search, agent: event.target.value }))}
            >
              {(session ? agentRows(session.agents).map(({ agent, depth }) => ({ path: agent.agent_path, text: `${'\u00a0\u00a0'.repeat(depth)}${agent.name} (${agent.agent_path})` })) : [{ path: search.agent, text: search.agent }]).map((o) => (
                <option key={o.path} value={o.path}>
                  {o.text}
                </option>
              ))}
            </select>
          </label>
          <label className="lab-form__check">
            <input type="checkbox" checked={includeRecorded} onChange={(event) => setIncludeRecorded(event.target.checked)} />
            Also apply the compactions the transcript recorded
          </label>
          <p className="muted lab-form__hint">Blank fields keep the agent’s configured value (shown greyed).</p>
        </div>
        {search.at && (
          <p className="lab-form__focus" role="note">
            {search.event ? (
              <>
                Opened from compaction{' '}
                <Link to={compactionHref(sessionId, search.event)} className="mono">
                  {search.event}
                </Link>
              </>
            ) : (
              'Marked'
            )}{' '}
            at {formatDateTime(search.at)}: its agent is chosen, and the replay marks its moment (◆).
          </p>
        )}
        <div className="lab-settings">
          {drafts.map((draft, i) => (
            <SettingEditor
              key={i}
              index={i}
              draft={draft}
              errors={errors[i] ?? {}}
              config={config?.values}
              onChange={(next) => setDrafts(drafts.map((d, k) => (k === i ? next : d)))}
              onRemove={drafts.length > 1 ? () => setDrafts(drafts.filter((_, k) => k !== i)) : null}
            />
          ))}
          {drafts.length < MAX_SETTINGS && (
            <button type="button" className="button lab-settings__add" onClick={() => setDrafts([...drafts, { ...emptyDraft(), label: `Setting ${drafts.length + 1}` }])}>
              + Add a setting
            </button>
          )}
        </div>
        <div className="lab-form__actions">
          <button type="submit" className="button button--primary" disabled={replay.isFetching}>
            {replay.isFetching ? 'Replaying…' : 'Run replay'}
          </button>
          {form.changed && (
            <button type="button" className="button" onClick={() => { form.reset(); setErrors([]); }} title="Back to the agent’s own settings beside a tighter pair (what you typed is kept in this browser until then)">
              Reset to defaults
            </button>
          )}
          {errors.some((e) => Object.keys(e).length > 0) && (
            <span className="lab-field__error" role="alert">
              Fix the marked fields first.
            </span>
          )}
        </div>
      </form>
      <LabOutcome sessionId={sessionId} search={search} replay={replay} />
    </div>
  );
}

function LabOutcome({ sessionId, search, replay }: { sessionId: string; search: LabSearch; replay: UseQueryResult<ReplayResult> }) {
  if (search.settings.length === 0) {
    return <p className="lab-card lab-note muted">Choose up to three settings and run the replay: each is replayed over the agent’s whole recorded history, compared with what really happened.</p>;
  }
  if (replay.error) {
    if (replayUnsupported(replay.error)) {
      return (
        <div className="lab-card lab-unsupported" role="status">
          <h2>This daemon cannot replay sessions</h2>
          <p>
            The threshold lab asks the daemon to replay the agent’s full history (superseded messages included) under other settings, with <span className="mono">POST /sessions/{'{id}'}/replay</span>. The daemon Compactor is connected to does not offer it (it answered{' '}
            {(replay.error as { status?: number }).status ?? 'an error'}), so nothing can be compared here. Everything else works as before; a kaged version with the replay endpoint, or the simulated daemon, runs the lab.
          </p>
        </div>
      );
    }
    return <ErrorState error={replay.error} what="the replay" onRetry={() => void replay.refetch()} />;
  }
  if (!replay.data) {
    return (
      <div className="lab-card" aria-busy="true" aria-label="Replaying">
        <Skeleton height={200} />
      </div>
    );
  }
  const nothing = nothingReplayed(replay.data);
  if (nothing !== null) {
    return (
      <div className="lab-card" role="status">
        <h2>Nothing replayed</h2>
        <p className="lab-note">{nothing}</p>
      </div>
    );
  }
  return <LabResults result={replay.data} sessionId={sessionId} at={search.at} />;
}
