import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Select } from '../../../components/select';
import { formatDateTime, formatTokens } from '../../../domain/format';
import type { CompactionRecord } from '../../../domain/contract/types';
import { RequestErrorNotice } from '../../../components/compact-outcome';
import { isOutcomeUnknown } from '../../../lib/api/api-error';
import type { Checkpoint } from '../api/list-checkpoints';
import { useApplyRollback } from '../hooks/use-apply-rollback';
import { RollbackDone } from './rollback-done';
import { RollbackPreview } from './rollback-preview';
import '../../../components/dialog.css';
import '../../../components/notice.css';
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

function pointLabel(point: Checkpoint, record: CompactionRecord | undefined): string {
  const what = record ? `${record.strategy}, ${formatTokens(record.threshold_estimate)} → ${formatTokens(record.after_estimate)}` : (point.compaction_id ?? '');
  return `Before ${point.compaction_id ?? '?'} · ${point.agent_path} · ${formatDateTime(point.created_at)} · ${what}`;
}

/** Roll back past a compaction: choose the checkpoint, preview what would be un-superseded, confirm. */
export function RollbackDialog({ sessionId, points, records, initialCheckpointId, open, onOpenChange }: RollbackDialogProps) {
  const [checkpointId, setCheckpointId] = useState(initialCheckpointId);
  const rollback = useApplyRollback(sessionId);
  const { done, rereading, verdict } = rollback;
  const point = points.find((p) => p.id === checkpointId);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={done ? 'dialog rollback-dialog--done' : 'dialog'} aria-describedby="rb-description">
          <header className="dialog__header">
            <div>
              <Dialog.Title className="dialog__title">Roll back past a compaction</Dialog.Title>
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
                  rollback.reset();
                }}
                options={points.map((p) => ({
                  value: p.id,
                  label: pointLabel(p, p.compaction_id ? records.get(p.compaction_id) : undefined),
                  hint: p.rolled_back ? 'rolled back' : undefined,
                }))}
                disabled={rollback.pending}
                className="rb-choose__select"
              />
            </div>
            {done ? (
              <RollbackDone result={done} onClose={() => onOpenChange(false)} />
            ) : rereading ? (
              <p className="callout" role="status">
                The daemon&apos;s answer could not be trusted; reading the checkpoints again to see whether it rolled back…
              </p>
            ) : point ? (
              <RollbackPreview sessionId={sessionId} point={point} records={records} pending={rollback.pending} onConfirm={() => rollback.apply(point)} />
            ) : (
              <p className="muted">Choose a checkpoint.</p>
            )}
            {rollback.error !== null && !done && !rereading && (
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
