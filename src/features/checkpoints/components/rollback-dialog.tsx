import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertDialog, Dialog } from 'radix-ui';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { Select } from '../../../components/select';
import { Skeleton } from '../../../components/skeleton';
import { formatCount, formatDateTime, formatTokens } from '../../../domain/format';
import type { CompactionRecord } from '../../../domain/contract/types';
import { DiffView } from '../../../components/diff/diff-view';
import { Figure } from '../../../components/diff/dry-run-diff';
import { PrunedContext } from '../../../components/diff/pruned-context';
import { prunedById } from '../../../domain/diff/proposal-figures';
import { buildDiffModel } from '../../../domain/diff/align';
import { RequestErrorNotice } from '../../../components/compact-outcome';
import { compactionHref } from '../../../lib/routes';
import { useHistoryChanges } from '../../../stores/history-changes';
import { checkpointsQuery } from '../api/list-checkpoints';
import { agentHistoryQuery } from '../api/list-messages';
import { isOutcomeUnknown } from '../../../lib/api/api-error';
import { rollbackPreviewQuery, useRollback, type RollbackResult } from '../api/rollback-checkpoint';
import { rollbackLists } from '../lib/rollback-lists';
import type { Checkpoint } from '../api/list-checkpoints';
import '../../../components/dialog.css';
import './checkpoints.css';

export interface RollbackDialogProps {
  sessionId: string;
  /** The rollback points (pre_compaction checkpoints), newest first. */
  points: readonly Checkpoint[];
  records: ReadonlyMap<string, CompactionRecord>;
  initialCheckpointId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function pointLabel(point: Checkpoint, record: CompactionRecord | undefined): string {
  const what = record ? `${record.strategy}, ${formatTokens(record.threshold_estimate)} → ${formatTokens(record.after_estimate)}` : (point.compaction_id ?? '');
  return `Before ${point.compaction_id ?? '?'} · ${point.agent_path} · ${formatDateTime(point.created_at)} · ${what}`;
}

/** Roll back past a compaction: choose the checkpoint, preview what would be un-superseded, confirm. */
export function RollbackDialog({ sessionId, points, records, initialCheckpointId, open, onOpenChange }: RollbackDialogProps) {
  const [checkpointId, setCheckpointId] = useState(initialCheckpointId);
  // The daemon's result; or 'reread' when its answer could not be trusted and the checkpoints read again show it applied.
  const [done, setDone] = useState<RollbackResult | 'reread' | null>(null);
  const [rereading, setRereading] = useState(false);
  // After an answer that could not be trusted: what reading the checkpoints again showed (null: nothing read yet).
  const [verdict, setVerdict] = useState<'not-applied' | 'unknown' | null>(null);
  const queryClient = useQueryClient();
  const keys = useRef(new Map<string, string>());
  const inFlight = useRef(false);
  const rollback = useRollback(sessionId);
  const markStale = useHistoryChanges((s) => s.markChanged);
  const point = points.find((p) => p.id === checkpointId);

  const apply = () => {
    if (inFlight.current || !point) return;
    // One key per chosen checkpoint, kept for retries and double clicks.
    let key = keys.current.get(point.id);
    if (!key) {
      key = crypto.randomUUID();
      keys.current.set(point.id, key);
    }
    inFlight.current = true;
    setVerdict(null);
    rollback.mutate(
      { checkpointId: point.id, idempotencyKey: key },
      {
        onSuccess: (result) => {
          setDone(result);
          markStale(sessionId);
        },
        onError: (error) => {
          if (!isOutcomeUnknown(error)) return;
          // The daemon may have rolled back all the same: read the checkpoints again and say what they show.
          setRereading(true);
          void queryClient
            .fetchQuery({ ...checkpointsQuery(sessionId), staleTime: 0 })
            .then((list) => {
              if (list.find((c) => c.id === point.id)?.rolled_back) {
                setDone('reread');
                markStale(sessionId);
              } else setVerdict('not-applied');
            })
            .catch(() => setVerdict('unknown'))
            .finally(() => setRereading(false));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="mc-overlay" />
        <Dialog.Content className={done ? 'mc-dialog mc-dialog--done' : 'mc-dialog'} aria-describedby="rb-description">
          <header className="mc-dialog__header">
            <div>
              <Dialog.Title className="mc-dialog__title">Roll back past a compaction</Dialog.Title>
              <Dialog.Description id="rb-description" className="muted">
                The compaction after the checkpoint, and every later one of the same agent, are undone: what they superseded comes back, their summaries and
                the messages after the checkpoint are superseded. Nothing is deleted.
              </Dialog.Description>
            </div>
            <Dialog.Close className="button button--quiet" aria-label="Close">
              ✕
            </Dialog.Close>
          </header>
          <div className="rb-body">
            <div className="rb-choose">
              <span className="rb-choose__label">Checkpoint</span>
              <Select
                label="Checkpoint"
                value={checkpointId}
                onValueChange={(id) => {
                  setCheckpointId(id);
                  setDone(null);
                  rollback.reset();
                  setRereading(false);
                  setVerdict(null);
                }}
                options={points.map((p) => ({
                  value: p.id,
                  label: pointLabel(p, p.compaction_id ? records.get(p.compaction_id) : undefined),
                  hint: p.rolled_back ? 'rolled back' : undefined,
                }))}
                disabled={rollback.isPending}
                className="rb-choose__select"
              />
            </div>
            {done ? (
              <RollbackDone result={done} onClose={() => onOpenChange(false)} />
            ) : rereading ? (
              <p className="mc-notice" role="status">
                The daemon&apos;s answer could not be trusted; reading the checkpoints again to see whether it rolled back…
              </p>
            ) : point ? (
              <RollbackPreview sessionId={sessionId} point={point} records={records} pending={rollback.isPending} onConfirm={apply} />
            ) : (
              <p className="muted">Choose a checkpoint.</p>
            )}
            {rollback.isError && !done && !rereading && (
              <RequestErrorNotice
                error={rollback.error}
                action="The rollback"
                sessionId={sessionId}
                headline={
                  !isOutcomeUnknown(rollback.error) ? undefined : verdict === 'not-applied' ? 'The rollback was not applied.' : "The rollback's outcome is unknown."
                }
                retryNote={
                  !isOutcomeUnknown(rollback.error)
                    ? 'Trying again (Roll back…) is safe: it sends the same idempotency key, so the daemon rolls back at most once.'
                    : verdict === 'not-applied'
                      ? "The daemon's answer could not be trusted; reading the checkpoints again shows it was not applied. Trying again (Roll back…) is safe: it sends the same idempotency key."
                      : "The daemon's answer could not be trusted and the checkpoints could not be read again: it may or may not have rolled back. Trying again (Roll back…) is safe: it sends the same idempotency key, so the daemon rolls back at most once."
                }
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RollbackDone({ result, onClose }: { result: RollbackResult | 'reread'; onClose: () => void }) {
  if (result === 'reread') {
    return (
      <div className="mc-notice mc-notice--ok" role="status" data-outcome="rolled-back">
        <strong>Rolled back.</strong> The daemon&apos;s answer could not be trusted, so the checkpoints were read again: this one is now rolled back. The
        ledger and the stats show the result.{' '}
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    );
  }
  return (
    <div className="mc-notice mc-notice--ok" role="status" data-outcome="rolled-back">
      <strong>Rolled back.</strong>{' '}
      <span className="num">
        {formatCount(result.restore_message_ids.length)} messages restored, {formatCount(result.supersede_message_ids.length)} superseded;{' '}
        {formatCount(result.rolled_back_compaction_ids.length)} {result.rolled_back_compaction_ids.length === 1 ? 'compaction is' : 'compactions are'} now marked
        rolled back in the ledger and left out of the stats.
      </span>{' '}
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

function RollbackPreview({
  sessionId,
  point,
  records,
  pending,
  onConfirm,
}: {
  sessionId: string;
  point: Checkpoint;
  records: ReadonlyMap<string, CompactionRecord>;
  pending: boolean;
  onConfirm: () => void;
}) {
  // Not asked again while the rollback is out: a live frame of the rollback itself would refetch it, and the daemon answers 409.
  const preview = useQuery({ ...rollbackPreviewQuery(sessionId, point.id), enabled: !point.rolled_back && !pending });
  const history = useQuery(agentHistoryQuery(sessionId, point.agent_path));
  const lists = useMemo(() => (preview.data && history.data ? rollbackLists(history.data, preview.data) : null), [preview.data, history.data]);
  const model = useMemo(() => (lists ? buildDiffModel(lists.before, lists.after, { afterOnly: () => 'added' }) : null), [lists]);
  const pruned = useMemo(() => prunedById({ pruned: preview.data?.pruned }), [preview.data]);

  if (point.rolled_back) return <p className="mc-notice">This checkpoint was already rolled back to.</p>;
  if (preview.isError) return <ErrorState error={preview.error} what="the rollback preview" onRetry={() => void preview.refetch()} />;
  if (history.isError) return <ErrorState error={history.error} what="the agent's history" onRetry={() => void history.refetch()} />;
  if (!preview.data || !lists || !model) {
    return (
      <div className="rb-preview" aria-busy="true">
        <Skeleton height={56} />
        <Skeleton height="100%" />
      </div>
    );
  }
  const result = preview.data;
  const undone = result.rolled_back_compaction_ids;
  return (
    <div className="rb-preview">
      <div className="rb-summary">
        <dl className="diff-totals__figures rb-summary__figures">
          <div>
            <dt>Restores</dt>
            <dd className="num">
              <span data-testid="rollback-restore-count">{formatCount(result.restore_message_ids.length)}</span> <span className="faint">{formatTokens(lists.tokens.restored)} tok, un-superseded</span>
            </dd>
          </div>
          <div>
            <dt>Supersedes</dt>
            <dd className="num">
              {formatCount(result.supersede_message_ids.length)} <span className="faint">summaries of the undone compactions, messages after the checkpoint</span>
            </dd>
          </div>
          {lists.tokens.prunedCount > 0 && (
            <div>
              <dt>Pruned</dt>
              <dd className="num">
                {formatCount(lists.tokens.prunedCount)} <span className="faint">tool outputs the pre-pass shortens after it, −{formatTokens(lists.tokens.pruned)} tok</span>
              </dd>
            </div>
          )}
          <div>
            <dt>Active list</dt>
            <dd className="num">
              {formatCount(lists.before.length)} → {formatCount(lists.after.length)}{' '}
              <span className="faint">
                {formatTokens(lists.tokens.before)} → {formatTokens(lists.tokens.after)} tok
              </span>
            </dd>
          </div>
        </dl>
        <p className="diff-totals__sum num rb-summary__sum" aria-label="How the figures add up">
          <Figure label="before" tokens={lists.tokens.before} /> − <Figure label="superseded" tokens={lists.tokens.superseded} /> +{' '}
          <Figure label="restored" tokens={lists.tokens.restored} />
          {lists.tokens.prunedCount > 0 && (
            <>
              {' '}
              − <Figure label="pruned" tokens={lists.tokens.pruned} />
            </>
          )}{' '}
          = <Figure label="after" tokens={lists.tokens.after} />
          {!lists.tokens.balanced && <span className="diff-totals__warn"> (the daemon&apos;s lists do not add up)</span>}
        </p>
        <p className="rb-summary__undone">
          <span className="muted">Undoes {formatCount(undone.length)} {undone.length === 1 ? 'compaction' : 'compactions'}:</span>{' '}
          {undone.map((id, i) => {
            const r = records.get(id);
            return (
              <span key={id}>
                {i > 0 && ', '}
                <Link to={compactionHref(sessionId, id)} className="mono">
                  {id}
                </Link>
                {r && <span className="faint"> ({r.strategy})</span>}
              </span>
            );
          })}
        </p>
        <AlertDialog.Root>
          <AlertDialog.Trigger asChild>
            <button type="button" className="button button--primary rb-summary__confirm" disabled={pending}>
              {pending ? 'Rolling back…' : 'Roll back…'}
            </button>
          </AlertDialog.Trigger>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="mc-overlay mc-overlay--confirm" />
            <AlertDialog.Content className="mc-confirm">
              <AlertDialog.Title className="mc-confirm__title">Roll back to {point.id}?</AlertDialog.Title>
              <AlertDialog.Description className="muted">
                {formatCount(result.restore_message_ids.length)} messages are restored and {formatCount(result.supersede_message_ids.length)} superseded;{' '}
                {formatCount(undone.length)} {undone.length === 1 ? 'compaction is' : 'compactions are'} marked rolled back. The rollback is audited.
              </AlertDialog.Description>
              <div className="mc-confirm__actions">
                <AlertDialog.Cancel className="button">Cancel</AlertDialog.Cancel>
                <AlertDialog.Action className="button button--primary" onClick={onConfirm}>
                  Roll back
                </AlertDialog.Action>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      </div>
      <div className="rb-diff">
        <PrunedContext value={pruned}>
        <DiffView
          model={model}
          beforeLabel="Now · active list"
          afterLabel="After the rollback"
          labels={{ superseded: 'superseded by the rollback', added: 'restored' }}
          ariaLabel="Rollback preview"
        />
        </PrunedContext>
      </div>
    </div>
  );
}
