import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Loadable } from '../components/loadable';
import { NotFoundState } from '../components/not-found-state';
import { isNotFound } from '../lib/api/api-error';
import { sessionQuery } from '../lib/api/endpoints/get-session';
import { Panel } from '../components/panel';
import { sessionsQuery } from '../features/sessions/api/list-sessions';
import { CheckpointsPanel, CheckpointsPanelSkeleton } from '../features/checkpoints/components/checkpoints-panel';
import { SessionCompactionView } from '../features/compactions/components/session-compaction-view';
import { AgentsPanel, AgentsPanelSkeleton } from '../features/sessions/components/agents-panel';
import { SessionHeader, SessionHeaderSkeleton } from '../features/sessions/components/session-header';
import '../styles/pages.css';

/** /sessions/:sessionId: the session's header, its agents, its live compaction stats and the event ledger. */
export function SessionPage() {
  const { sessionId = '' } = useParams();
  // Coming from the list, the agent count is already known: the skeleton takes the final height.
  const known = useQueryClient()
    .getQueryData(sessionsQuery().queryKey)
    ?.find((s) => s.id === sessionId);
  // The same query the panels read: a missing session is one message, not one per panel.
  const { error } = useQuery(sessionQuery(sessionId));
  if (isNotFound(error)) {
    return (
      <div className="page">
        <title>Session not found · Compactor</title>
        <NotFoundState what="session" id={sessionId} />
      </div>
    );
  }
  return (
    <div className="page">
      <Loadable what="this session" skeleton={<SessionHeaderSkeleton />} resetKey={sessionId}>
        <SessionHeader sessionId={sessionId} />
      </Loadable>
      <Panel title="Agents" what="the agents" skeleton={<AgentsPanelSkeleton rows={known?.agent_count} />} resetKey={sessionId}>
        <AgentsPanel sessionId={sessionId} />
      </Panel>
      <SessionCompactionView key={sessionId} sessionId={sessionId} />
      <div id="checkpoints">
        <Panel title="Checkpoints" what="the checkpoints" skeleton={<CheckpointsPanelSkeleton />} resetKey={sessionId}>
          <CheckpointsPanel sessionId={sessionId} />
        </Panel>
      </div>
    </div>
  );
}
