import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Panel } from '../../../components/panel';
import { Skeleton } from '../../../components/skeleton';
import { Badge } from '../../../components/status-badge';
import { TimeAgo } from '../../../components/time-ago';
import { formatCount, formatDuration, formatPercent, formatRatio, formatTokens, formatUsd } from '../../../lib/format';
import type { CompactionRecord } from '../../../lib/api/types';
import { sessionQuery } from '../../sessions/api/get-session';
import { compactionQuery } from '../api/get-compaction';
import '../../sessions/components/pages.css';
import './compaction-detail.css';

/*
 * /sessions/:sessionId/compactions/:compactionId — the compaction event detail. This is the
 * route and the record's core fields; the full view (messages diff, plugin hooks, fallback
 * chain, flagging) is built on top of it later.
 */

const WINDOW_SOURCE: Record<CompactionRecord['context_window_source'], string> = {
  catalog: 'catalog',
  override: 'override',
  fallback: '128k fallback',
};

interface Field {
  label: string;
  value: ReactNode;
}

function Fields({ title, fields }: { title: string; fields: Field[] }) {
  return (
    <div className="record__group">
      <h3>{title}</h3>
      <dl>
        {fields.map((field) => (
          <div key={field.label} className="record__field">
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function RecordView({ sessionId, compactionId }: { sessionId: string; compactionId: string }) {
  const { data: record } = useSuspenseQuery(compactionQuery(sessionId, compactionId));
  const none = <span className="faint">none</span>;
  return (
    <div className="record">
      <div className="record__groups">
        <Fields
          title="Event"
          fields={[
            { label: 'When', value: <TimeAgo iso={record.created_at} /> },
            { label: 'Agent', value: <span className="mono">{record.agent_path}</span> },
            { label: 'Trigger', value: record.trigger.replace(/_/g, ' ') },
            { label: 'Strategy', value: <Badge>{record.strategy}</Badge> },
            {
              label: 'State',
              value: (
                <span className="badges">
                  {record.dry_run && <Badge tone="accent">dry run</Badge>}
                  {record.rolled_back && <Badge tone="warn">rolled back</Badge>}
                  {!record.dry_run && !record.rolled_back && 'applied'}
                </span>
              ),
            },
          ]}
        />
        <Fields
          title="Context"
          fields={[
            {
              label: 'Tokens',
              value: (
                <span className="num">
                  {formatTokens(record.threshold_estimate)} → {formatTokens(record.after_estimate)} (ratio {formatRatio(record.compression_ratio)})
                </span>
              ),
            },
            {
              label: 'Messages',
              value: (
                <span className="num">
                  {formatCount(record.messages_before)} → {formatCount(record.messages_after)}, {formatCount(record.superseded_message_ids.length)} superseded
                </span>
              ),
            },
            {
              label: 'Window',
              value: (
                <span className="num">
                  {formatTokens(record.context_window)} ({WINDOW_SOURCE[record.context_window_source]})
                </span>
              ),
            },
            {
              label: 'Thresholds',
              value: (
                <span className="num">
                  fires at {formatPercent(record.window_upper)}, down to {formatPercent(record.window_lower)}
                </span>
              ),
            },
          ]}
        />
        <Fields
          title="Cost"
          fields={[
            { label: 'Cost', value: <span className="num">{formatUsd(record.cost_usd)}</span> },
            { label: 'Duration', value: <span className="num">{formatDuration(record.duration_ms)}</span> },
            { label: 'Summarizer', value: record.summarizer_model ? <span className="mono">{record.summarizer_model}</span> : none },
            { label: 'Plugins fired', value: record.plugins_fired.length ? record.plugins_fired.map((p) => `${p.name} (${p.hook})`).join(', ') : none },
          ]}
        />
        <Fields
          title="Outcome"
          fields={[
            {
              label: 'Fallback',
              value: record.fallback_occurred ? <Badge tone="warn">{record.fallback_reason ?? 'fell back to drop'}</Badge> : none,
            },
            { label: 'Operator flag', value: record.operator_flag ?? none },
            { label: 'Notes', value: record.operator_notes ? <span className="record__text">{record.operator_notes}</span> : none },
          ]}
        />
      </div>
      <div className="record__summary">
        <h3>
          Summary {record.summary_tokens !== null && <span className="faint num">({formatTokens(record.summary_tokens)} tokens)</span>}
        </h3>
        {record.summary ? <p className="record__text">{record.summary}</p> : <p className="faint">This strategy wrote no summary.</p>}
      </div>
    </div>
  );
}

function RecordSkeleton() {
  return (
    <div className="record" aria-busy="true">
      <div className="record__groups">
        {['Event', 'Context', 'Cost', 'Outcome'].map((title) => (
          <div key={title} className="record__group">
            <h3>{title}</h3>
            <Skeleton height={96} />
          </div>
        ))}
      </div>
      <div className="record__summary">
        <h3>Summary</h3>
        <Skeleton height={48} />
      </div>
    </div>
  );
}

export function CompactionDetailPage() {
  const { sessionId = '', compactionId = '' } = useParams();
  const { data: session } = useQuery(sessionQuery(sessionId));
  return (
    <div className="page">
      <title>{`Compaction ${compactionId} · Compactor`}</title>
      <header className="page__header">
        <div>
          <nav className="page__crumbs" aria-label="Breadcrumb">
            <Link to="/sessions">Sessions</Link>
            <span aria-hidden="true">/</span>
            <Link to={`/sessions/${encodeURIComponent(sessionId)}`}>{session?.title ?? sessionId}</Link>
          </nav>
          <h1>
            Compaction <span className="mono">{compactionId}</span>
          </h1>
        </div>
      </header>
      <Panel title="Record" what="this compaction" skeleton={<RecordSkeleton />} resetKey={`${sessionId}/${compactionId}`}>
        <RecordView sessionId={sessionId} compactionId={compactionId} />
      </Panel>
    </div>
  );
}
