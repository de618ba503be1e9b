/**
 * What each route shows while its code loads (every page is its own chunk, app/router.tsx): the
 * page's frame with its panels' own loading skeletons, so nothing moves when the page arrives and
 * then its data. Only light modules are imported here: they load with the first screen.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Panel } from '../components/panel';
import { Skeleton } from '../components/skeleton';
import { projectsQuery } from '../lib/api/endpoints/list-projects';
import { ReviewSkeleton } from '../features/checkpoints/components/checkpoint-review-skeleton';
import { DetailHeaderSkeleton, DetailSkeleton } from '../features/compaction-ledger/components/compaction-detail-skeleton';
import { LedgerPanelSkeleton } from '../features/compaction-ledger/components/ledger-panel-skeleton';
import { sessionsQuery } from '../features/sessions/api/list-sessions';
import { AgentsPanelSkeleton } from '../features/sessions/components/agents-panel-skeleton';
import { CompactionSummarySkeleton } from '../features/sessions/components/compaction-summary';
import { SessionFilters } from '../features/sessions/components/session-filters';
import { SessionHeaderSkeleton } from '../features/sessions/components/session-header-skeleton';
import { SessionsTableSkeleton } from '../features/sessions/components/sessions-table-skeleton';
import { useSessionSearch } from '../features/sessions/hooks/use-session-search';
import { ProjectHeader } from './project-header';
import { SessionsHeader } from './sessions-header';
import { SettingsHeader } from './settings-header';

/** A panel that is all skeleton: the same frame while the code loads as while the data loads. */
function LoadingPanel({ title, skeleton }: { title?: string; skeleton: ReactNode }) {
  return (
    <Panel title={title} what={title ?? 'this page'} skeleton={skeleton}>
      {skeleton}
    </Panel>
  );
}

export function SessionsPageSkeleton() {
  const [search, setSearch] = useSessionSearch();
  return (
    <div className="page">
      <SessionsHeader search={search} onSearchChange={setSearch} />
      <LoadingPanel skeleton={<SessionsTableSkeleton />} />
    </div>
  );
}

/**
 * The session's header and agents: the panels below them wait for the session (session-page.tsx),
 * as the agents table's height is known only then.
 */
export function SessionPageSkeleton() {
  const { sessionId = '' } = useParams();
  const known = useQueryClient()
    .getQueryData(sessionsQuery().queryKey)
    ?.find((s) => s.id === sessionId);
  return (
    <div className="page">
      <SessionHeaderSkeleton />
      <LoadingPanel title="Agents" skeleton={<AgentsPanelSkeleton rows={known?.agent_count} />} />
    </div>
  );
}

export function ProjectPageSkeleton() {
  const { projectId = '' } = useParams();
  const [search, setSearch] = useSessionSearch();
  const project = useQuery(projectsQuery()).data?.find((p) => p.id === projectId);
  return (
    <div className="page">
      <ProjectHeader projectId={projectId} />
      <LoadingPanel title="Compaction summary" skeleton={<CompactionSummarySkeleton />} />
      <Panel
        title="Sessions"
        what="the project's sessions"
        skeleton={null}
        aside={<SessionFilters search={search} onSearchChange={setSearch} withProject={false} />}
      >
        <SessionsTableSkeleton withProject={false} rows={project?.session_count} />
      </Panel>
    </div>
  );
}

export function CompactionDetailPageSkeleton() {
  const { sessionId = '', compactionId = '' } = useParams();
  return (
    <div className="page event-detail">
      <DetailHeaderSkeleton sessionId={sessionId} compactionId={compactionId} />
      <DetailSkeleton />
    </div>
  );
}

export function CheckpointReviewPageSkeleton() {
  return (
    <div className="page review">
      <ReviewSkeleton />
    </div>
  );
}

export function SettingsPageSkeleton() {
  return (
    <div className="page settings">
      <SettingsHeader />
      {/* The heights of the two forms, so the page does not move when they arrive. */}
      <LoadingPanel title="Connection" skeleton={<Skeleton height={379} />} />
      <LoadingPanel title="Appearance" skeleton={<Skeleton height={51} />} />
    </div>
  );
}

export function ThresholdLabPageSkeleton() {
  return (
    <div className="page" aria-busy="true">
      <title>Threshold lab · Compactor</title>
      <Skeleton height={16} width={240} />
      <Skeleton height={360} />
    </div>
  );
}

/** A page of the across-sessions views while its code loads: its heading and one panel's frame. */
export function FleetPageSkeleton({ title, panel }: { title: string; panel?: ReactNode }) {
  return (
    <div className="page">
      <header className="page__header">
        <div className="page__title">
          <h1>{title}</h1>
        </div>
      </header>
      {panel ?? <LoadingPanel skeleton={<Skeleton height={480} />} />}
    </div>
  );
}

export function KnobsPageSkeleton() {
  return (
    <div className="page" aria-busy="true">
      <title>Knobs · Compactor</title>
      <Skeleton height={16} width={240} />
      <Skeleton height={520} />
    </div>
  );
}

export function CompactionsPageSkeleton() {
  return <FleetPageSkeleton title="Compactions" panel={<LedgerPanelSkeleton title="Compactions across sessions" />} />;
}

export function HealthPageSkeleton() {
  return <FleetPageSkeleton title="Compaction health" />;
}

export function ReviewPageSkeleton() {
  return <FleetPageSkeleton title="Review queue" />;
}

export function AuditPageSkeleton() {
  return <FleetPageSkeleton title="Audit log" />;
}

export function PluginPageSkeleton() {
  return <FleetPageSkeleton title="Plugin" />;
}
