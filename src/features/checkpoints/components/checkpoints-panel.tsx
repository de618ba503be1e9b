import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Badge } from '../../../components/status-badge';
import { TimeAgo } from '../../../components/time-ago';
import { formatCount, formatTokens } from '../../../domain/format';
import type { CompactionRecord, Schemas } from '../../../domain/contract/types';
import { LazyDialog } from '../../../components/dialog-loading';
import { lazyComponent } from '../../../lib/lazy-component';
import { checkpointHref, compactionHref } from '../../../lib/routes';
import { checkpointAuditQuery } from '../api/list-checkpoint-audit';
import { checkpointsQuery, type Checkpoint } from '../api/list-checkpoints';
import { recentCompactionsQuery } from '../api/list-session-compactions';
import { pointRecordsSelector } from '../lib/point-records';
import { Head } from './checkpoints-panel-skeleton';
import type { RollbackDialogProps } from './rollback-dialog';
import '../../../components/record-table.css';
import './checkpoints.css';

type AuditEvent = Schemas['AuditEvent'];

const NO_RECORDS: ReadonlyMap<string, CompactionRecord> = new Map();

/** The rollback dialog (its preview diff) loads on demand. */
const RollbackDialog = lazyComponent<RollbackDialogProps>(() => import('./rollback-dialog').then((m) => m.RollbackDialog));
const preloadRollback = () => void RollbackDialog.preload().catch(() => undefined);

/** Checkpoints worth showing: waiting proposals first, then every rollback point and resolved proposal, newest first. */
export function orderCheckpoints(checkpoints: readonly Checkpoint[]): Checkpoint[] {
  const relevant = checkpoints.filter((c) => c.reason === 'compaction_pending' || (c.reason === 'pre_compaction' && c.compaction_id !== null));
  const waiting = relevant.filter((c) => c.reason === 'compaction_pending' && c.resolution === null);
  const rest = relevant.filter((c) => !waiting.includes(c)).reverse();
  return [...waiting, ...rest];
}

function describeAudit(event: AuditEvent): string {
  const d = event.data as Record<string, unknown>;
  const cid = typeof d.checkpoint_id === 'string' ? d.checkpoint_id : '';
  switch (event.type) {
    case 'compaction.checkpoint_created':
      return `proposed a compaction (${cid}), pausing the session`;
    case 'compaction.checkpoint_resolved': {
      const action = typeof d.action === 'string' ? d.action : 'resolved';
      const verb = action === 'approve' ? 'approved' : action === 'edit' ? 'edited and applied' : action === 'reject' ? 'rejected' : action;
      return `${verb} ${cid}${typeof d.outcome === 'string' ? ` (${d.outcome})` : ''}`;
    }
    case 'compaction.rolled_back': {
      const n = Array.isArray(d.compaction_ids) ? d.compaction_ids.length : 0;
      return `rolled back to ${cid}: ${n} ${n === 1 ? 'compaction' : 'compactions'} undone, ${String(d.restored ?? 0)} messages restored`;
    }
    default:
      return event.type;
  }
}

/** The session's checkpoints: a waiting proposal to review, the rollback points, and their audit trail. */
export function CheckpointsPanel({ sessionId }: { sessionId: string }) {
  const { data: checkpoints } = useSuspenseQuery(checkpointsQuery(sessionId));
  const rows = useMemo(() => orderCheckpoints(checkpoints), [checkpoints]);
  const points = useMemo(() => rows.filter((c) => c.reason === 'pre_compaction'), [rows]);
  const pointIds = useMemo(() => points.flatMap((c) => (c.compaction_id ? [c.compaction_id] : [])), [points]);
  const selectPointRecords = useMemo(() => pointRecordsSelector(pointIds), [pointIds]);
  const { data: records = NO_RECORDS } = useQuery({ ...recentCompactionsQuery(sessionId, points.length), enabled: points.length > 0, select: selectPointRecords });
  const auditQuery = useQuery(checkpointAuditQuery(sessionId));
  const audit = auditQuery.data;
  const [rollbackFrom, setRollbackFrom] = useState<string | null>(null);

  if (rows.length === 0) {
    return (
      <EmptyState title="No checkpoints yet">
        Each compaction leaves a checkpoint to roll back to; a checkpoint-strategy proposal waiting for approval shows here too.
      </EmptyState>
    );
  }

  const trail = (audit ?? []).slice(-6).reverse();

  return (
    <div className="ck-panel">
      <div className="ck-table__scroll">
        <table className="record-table record-table--shaded ck-table" aria-label="Checkpoints">
          <Head />
          <tbody>
            {rows.map((c) => {
              const record = c.compaction_id ? records.get(c.compaction_id) : undefined;
              const undone = c.rolled_back || record?.rolled_back === true;
              if (c.reason === 'compaction_pending') {
                const p = c.proposal?.record;
                return (
                  <tr key={c.id} className={c.resolution === null ? 'ck-row--pending' : undefined} data-checkpoint={c.id}>
                    <td className="ck-col-id mono">{c.id}</td>
                    <td className="ck-col-kind">
                      {c.resolution === null ? <Badge tone="warn">waiting for approval</Badge> : <Badge tone={c.resolution === 'rejected' ? 'neutral' : 'ok'}>proposal {c.resolution}</Badge>}
                    </td>
                    <td className="ck-col-agent mono">{c.agent_path}</td>
                    <td className="ck-col-when">
                      <TimeAgo iso={c.resumed_at ?? c.created_at} />
                    </td>
                    <td className="ck-col-what num">
                      {p
                        ? `proposal: ${formatTokens(p.threshold_estimate)} → ${formatTokens(p.after_estimate)} tokens, ${formatCount(p.superseded_message_ids.length)} superseded`
                        : 'proposal'}
                    </td>
                    <td className="ck-col-action">
                      <Link className={c.resolution === null ? 'button button--primary' : 'button button--quiet'} to={checkpointHref(sessionId, c.id)}>
                        {c.resolution === null ? 'Review' : 'View'}
                      </Link>
                    </td>
                  </tr>
                );
              }
              return (
                <tr key={c.id} className={undone ? 'ck-row--undone' : undefined} data-checkpoint={c.id}>
                  <td className="ck-col-id mono">{c.id}</td>
                  <td className="ck-col-kind">{undone ? <Badge>rolled back</Badge> : <span className="muted">rollback point</span>}</td>
                  <td className="ck-col-agent mono">{c.agent_path}</td>
                  <td className="ck-col-when">
                    <TimeAgo iso={c.created_at} />
                  </td>
                  <td className="ck-col-what">
                    before{' '}
                    {c.compaction_id && (
                      <Link to={compactionHref(sessionId, c.compaction_id)} className="mono">
                        {c.compaction_id}
                      </Link>
                    )}
                    {record ? (
                      <span className="muted num">
                        {' '}
                        · {record.strategy} · {formatTokens(record.threshold_estimate)} → {formatTokens(record.after_estimate)} ·{' '}
                        {formatCount(record.superseded_message_ids.length)} superseded
                      </span>
                    ) : null}
                  </td>
                  <td className="ck-col-action">
                    <button type="button" className="button" onClick={() => setRollbackFrom(c.id)} onPointerEnter={preloadRollback} onFocus={preloadRollback} disabled={undone}>
                      Roll back…
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {auditQuery.isError && !audit ? (
        <div className="ck-audit ck-audit--failed" role="group" aria-label="Audit trail">
          <ErrorState error={auditQuery.error} what="the checkpoints' audit trail" onRetry={() => void auditQuery.refetch()} />
        </div>
      ) : trail.length > 0 && (
        <ul className="ck-audit" aria-label="Audit trail">
          <li className="ck-audit__title">Audit trail</li>
          {trail.map((e) => (
            <li key={e.id}>
              <TimeAgo iso={e.at} />
              <span>
                <strong>{e.actor}</strong> {describeAudit(e)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {rollbackFrom !== null && (
        <LazyDialog title="Roll back past a compaction" onClose={() => setRollbackFrom(null)}>
          <RollbackDialogWithRecords
            sessionId={sessionId}
            points={points}
            initialCheckpointId={rollbackFrom}
            open
            onOpenChange={(open) => !open && setRollbackFrom(null)}
          />
        </LazyDialog>
      )}
    </div>
  );
}

/**
 * The rollback dialog, given the session's newest records as they are (it names every compaction
 * a rollback undoes, not only the points'): read while it is open, so only then does each live
 * record draw it again.
 */
function RollbackDialogWithRecords(props: Omit<RollbackDialogProps, 'records'>) {
  const { data } = useQuery({ ...recentCompactionsQuery(props.sessionId, props.points.length), enabled: props.points.length > 0 });
  const records = useMemo(() => new Map<string, CompactionRecord>((data ?? []).map((r) => [r.id, r])), [data]);
  return <RollbackDialog {...props} records={records} />;
}
