import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Loadable } from '../../../components/loadable';
import { NotFoundState } from '../../../components/not-found-state';
import { isNotFound } from '../../../lib/api/api-error';
import { sessionQuery } from '../api/get-session';
import { Panel } from '../../../components/panel';
import { sessionsQuery } from '../api/list-sessions';
import { AgentsPanel, AgentsPanelSkeleton } from './agents-panel';
import { CompactionSummarySkeleton } from './compaction-summary';
import { SessionHeader, SessionHeaderSkeleton } from './session-header';
import { SessionCompactionSummary } from './stats-panels';
import './pages.css';

/** /sessions/:sessionId: the session's header, its agents, and its compaction at a glance. */
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
      <Panel title="Compaction" what="the compaction summary" skeleton={<CompactionSummarySkeleton withCost={false} />} resetKey={sessionId}>
        <SessionCompactionSummary sessionId={sessionId} />
      </Panel>
    </div>
  );
}
