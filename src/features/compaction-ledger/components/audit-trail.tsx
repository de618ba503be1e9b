import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { Badge, type Tone } from '../../../components/status-badge';
import { formatDateTime } from '../../../domain/format';
import type { Schemas } from '../../../domain/contract/types';
import { compactionAuditQuery } from '../api/list-compaction-audit';
import './audit-trail.css';

const TONE: Partial<Record<Schemas['AuditType'], Tone>> = {
  'compaction.completed': 'ok',
  'compaction.failed': 'warn',
  'compaction.noop': 'neutral',
  'compaction.flagged': 'accent',
  'compaction.rolled_back': 'warn',
};

/** The audit events of this compaction, oldest first, with their data as JSON text. */
export function AuditTrail({ sessionId, compactionId }: { sessionId: string; compactionId: string }) {
  const query = useQuery(compactionAuditQuery(sessionId, compactionId));
  if (query.isPending) return <Skeleton height={96} />;
  if (query.isError) return <ErrorState error={query.error} what="the audit events" onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return <p className="muted">No audit events recorded for this compaction.</p>;
  return (
    <ol className="audit">
      {query.data.items.map((event) => (
        <li key={event.id} className="audit__item">
          <div className="audit__head">
            <Badge tone={TONE[event.type] ?? 'neutral'}>{event.type}</Badge>
            <time className="num muted" dateTime={event.at}>
              {formatDateTime(event.at)}
            </time>
            <span className="muted">
              by <span className="mono">{event.actor}</span>
            </span>
          </div>
          <details className="audit__data">
            <summary>data</summary>
            <pre>{JSON.stringify(event.data, null, 2)}</pre>
          </details>
        </li>
      ))}
    </ol>
  );
}
