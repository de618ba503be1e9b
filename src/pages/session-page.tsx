import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { ErrorState } from '../components/error-state';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { Loadable } from '../components/loadable';
import { Panel } from '../components/panel';
import { isNotFound } from '../lib/api/api-error';
import { sessionQuery } from '../lib/api/endpoints/get-session';
import { knobsHref, thresholdLabHref } from '../lib/routes';
import { useLedgerSearch } from '../hooks/use-ledger-search';
import { useIdleGate } from '../hooks/use-idle-gate';
import { CheckpointsPanel } from '../features/checkpoints/components/checkpoints-panel';
import { CheckpointsPanelSkeleton } from '../features/checkpoints/components/checkpoints-panel-skeleton';
import { LedgerPanel } from '../features/compaction-ledger/components/ledger-panel';
import { ConflictDialog, SaveNotices } from '../features/compaction-ledger/components/save-feedback';
import { StatsPanel } from '../features/compaction-stats/components/stats-panel';
import { CompactButton } from '../features/manual-compact/components/compact-button';
import { sessionsQuery } from '../features/sessions/api/list-sessions';
import { AgentsPanel } from '../features/sessions/components/agents-panel';
import { AgentsPanelSkeleton } from '../features/sessions/components/agents-panel-skeleton';
import { SessionHeader } from '../features/sessions/components/session-header';
import { SessionHeaderSkeleton } from '../features/sessions/components/session-header-skeleton';
import { SessionNotFound } from './session-not-found';

/** /sessions/:sessionId: the session's header, its agents, its live compaction stats and the event ledger, its checkpoints. */
export function SessionPage() {
  const { sessionId = '' } = useParams();
  // Coming from the list, the agent count is already known: the skeleton takes the final height.
  const known = useQueryClient()
    .getQueryData(sessionsQuery().queryKey)
    ?.find((s) => s.id === sessionId);
  // The same query the panels read: a missing session is one message, not one per panel.
  const { error, isPending, failureCount, errorUpdatedAt } = useQuery(sessionQuery(sessionId));
  // Below the fold: the checkpoints (and their audit trail) are asked for once the first data is drawn.
  const checkpointsReady = useIdleGate(!isPending);
  // The agents table's height is known only with the session (a row per agent, each row's lines by
  // its data): the panels below wait for it, so they are drawn in their place and never pushed down
  // (their data is asked for beside the page's code, session-page-data.ts, and waits in the cache).
  // A session read that failed, ever (a read tried again after a failure is pending once more, its
  // failure count back to 0: the panels must not go and come with each Retry), holds nothing back.
  const placed = !isPending || failureCount > 0 || errorUpdatedAt > 0;
  if (isNotFound(error)) {
    return <SessionNotFound sessionId={sessionId} />;
  }
  return (
    <div className="page">
      <Loadable what="this session" skeleton={<SessionHeaderSkeleton />} resetKey={sessionId}>
        <SessionHeader
          sessionId={sessionId}
          actions={
            <>
              <Link to={knobsHref(sessionId)} className="button">
                Knobs
              </Link>
              <Link to={thresholdLabHref(sessionId)} className="button">
                Threshold lab
              </Link>
              <CompactButton sessionId={sessionId} className="button compact-trigger" />
            </>
          }
        />
      </Loadable>
      <Panel title="Agents" what="the agents" skeleton={<AgentsPanelSkeleton rows={known?.agent_count} />} resetKey={sessionId}>
        <AgentsPanel sessionId={sessionId} />
      </Panel>
      {placed && (
        <>
          <SessionCompaction key={sessionId} sessionId={sessionId} />
          <div id="checkpoints">
            <Panel title="Checkpoints" what="the checkpoints" skeleton={<CheckpointsPanelSkeleton />} resetKey={sessionId}>
              {checkpointsReady ? <CheckpointsPanel sessionId={sessionId} /> : <CheckpointsPanelSkeleton />}
            </Panel>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * The session's compaction: live stats and the event ledger, for one agent or all (the agent, the
 * ledger's filters and its sort are in the URL; the stats' bars and links set the ledger's
 * filters), kept live by the event stream. Each panel keeps a failure (a bug included) to itself.
 */
function SessionCompaction({ sessionId }: { sessionId: string }) {
  const [search, updateSearch] = useLedgerSearch();
  useScrollToHash();
  return (
    <>
      <ErrorBoundary fallback={(error, retry) => <ErrorState error={error} what="the compaction stats" onRetry={retry} />}>
        <StatsPanel sessionId={sessionId} search={search} onSearchChange={updateSearch} />
      </ErrorBoundary>
      <ErrorBoundary fallback={(error, retry) => <ErrorState error={error} what="the compaction ledger" onRetry={retry} />}>
        <LedgerPanel sessionId={sessionId} search={search} onSearchChange={updateSearch} />
      </ErrorBoundary>
      <SaveNotices />
      <ConflictDialog />
    </>
  );
}
