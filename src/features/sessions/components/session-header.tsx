import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ContextBar } from '../../../components/context-bar';
import { Stat } from '../../../components/stat';
import { SessionStatusBadge } from '../../../components/status-badge';
import { TimeAgo } from '../../../components/time-ago';
import { FollowedBadge, followedFrom } from '../../../components/followed-badge';
import { DataNotices } from '../../../components/data-notices';
import { formatUsd } from '../../../domain/format';
import { checkSessionDetail } from '../../../domain/plausibility';
import { useNow } from '../../../hooks/use-now';
import { PendingCheckpointBanner } from '../../../components/pending-review';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import { projectsQuery } from '../../../lib/api/endpoints/list-projects';
import '../../../components/stat.css';
import './session-header.css';
import { uriComponent } from '../../../lib/routes';
import { describeError } from '../../../lib/api/api-error';

/** The session's identity, status, cost split and primary context; `actions` end the title row. */
export function SessionHeader({ sessionId, actions }: { sessionId: string; actions?: ReactNode }) {
  const { data: session } = useSuspenseQuery(sessionQuery(sessionId));
  const projects = useQuery(projectsQuery());
  const projectName = projects.data?.find((p) => p.id === session.project_id)?.name ?? session.project_id;
  const context = session.primary_context;
  const now = useNow();
  const notices = useMemo(() => checkSessionDetail(session, now), [session, now]);
  return (
    <section className="session-header" aria-label="Session">
      <title>{`${session.title} · Compactor`}</title>
      <div className="session-header__identity">
        <nav className="page__crumbs" aria-label="Breadcrumb">
          <Link to="/sessions">Sessions</Link>
          <span aria-hidden="true">/</span>
          <Link to={`/projects/${uriComponent(session.project_id)}`}>{projectName}</Link>
          {projects.isError && (
            <span className="page__crumbs-problem" role="status" title={describeError(projects.error)}>
              (project name not loaded: GET /projects failed){' '}
              <button type="button" className="button button--quiet" onClick={() => void projects.refetch()}>
                Retry
              </button>
            </span>
          )}
        </nav>
        <div className="session-header__title">
          <h1 title={session.title}>{session.title}</h1>
          <SessionStatusBadge status={session.status} compactionPending={session.compaction_pending} />
        </div>
        <p className="session-header__meta">
          <span className="mono">{session.id}</span>
          <span className="session-header__source" title={`${session.source.kind}: ${session.source.name}`}>
            {session.source.kind}: {session.source.name}
          </span>
          <span>
            started <TimeAgo iso={session.created_at} />
          </span>
          <span>
            updated <TimeAgo iso={session.updated_at} />
          </span>
        </p>
        <div className="session-header__context">
          <span className="muted">Primary context</span>
          <ContextBar
            parts={context.estimate_parts}
            compactionCount={session.compaction_count}
            window={context.window}
            upperThreshold={context.upper_threshold}
            lowerThreshold={context.lower_threshold}
          />
        </div>
        {session.followed && (
          <p className="session-header__followed">
            <FollowedBadge followed={session.followed} short />
            <span className="session-header__source" title={followedFrom(session.followed)}>
              from <span className="mono">{followedFrom(session.followed)}</span>
            </span>
            {session.followed.last_line_at && (
              <span>
                last line <TimeAgo iso={session.followed.last_line_at} />
              </span>
            )}
            {session.followed.notice && (
              <span className="session-header__notice" role="status">
                {session.followed.notice}
              </span>
            )}
          </p>
        )}
      </div>
      <div className="session-header__side">
        <div className="session-header__actions">{actions}</div>
        <dl className="stats session-header__cost" aria-label="Cost">
          <Stat label="Primary" value={formatUsd(session.cost.primary_usd)} hint="agents' own calls" />
          <Stat label="Compactor" value={formatUsd(session.cost.compactor_usd)} hint="summarizer, plugins" />
          <Stat label="Total" value={formatUsd(session.cost.total_usd)} />
        </dl>
      </div>
      <PendingCheckpointBanner session={session} className="pending-banner--in-header" />
      {notices.length > 0 && (
        <div className="session-header__notices">
          <DataNotices notices={notices} where="this session" />
        </div>
      )}
    </section>
  );
}
