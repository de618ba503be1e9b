import { Dialog } from 'radix-ui';
import { formatDateTime } from '../../../domain/format';
import type { CompactionRecord } from '../../../domain/contract/types';
import { useSaveFeedback, type Conflict } from '../hooks/save-feedback';
import { useSaveFlag } from '../hooks/use-save-flag';
import { useNoteDrafts } from '../lib/note-drafts';
import { applySave } from '../lib/pending-saves';
import { FlagText } from './flag-buttons';
import '../../../components/dialog.css';
import './save-feedback.css';

function Version({ title, record, who }: { title: string; record: Pick<CompactionRecord, 'operator_flag' | 'operator_notes'>; who: string }) {
  return (
    <section className="conflict__side" aria-label={title}>
      <h3>{title}</h3>
      <p className="conflict__who">{who}</p>
      <dl>
        <dt>Flag</dt>
        <dd>
          <FlagText flag={record.operator_flag} />
        </dd>
        <dt>Notes</dt>
        <dd>{record.operator_notes ? <p className="conflict__notes">{record.operator_notes}</p> : <span className="faint">no notes</span>}</dd>
      </dl>
    </section>
  );
}

function ConflictBody({ conflict }: { conflict: Conflict }) {
  const { save } = useSaveFlag();
  const close = useSaveFeedback((s) => s.closeConflict);
  const { request, current } = conflict;
  const mine = applySave(current, request.edit);
  const keepMine = () => {
    if (request.draftKey) useNoteDrafts.getState().rebase(request.draftKey, current);
    save({ ...request, baseVersion: current.version });
    close();
  };
  const takeCurrent = () => {
    if (request.draftKey) useNoteDrafts.getState().discard(request.draftKey);
    close();
  };
  const who = current.flagged_by
    ? `Saved by ${current.flagged_by}${current.flagged_at ? ` at ${formatDateTime(current.flagged_at)}` : ''} (version ${current.version})`
    : `Version ${current.version}`;
  return (
    <>
      <Dialog.Title className="confirm-dialog__title">This event changed while you were editing it</Dialog.Title>
      <Dialog.Description className="conflict__description">
        Somebody (or another tab) saved <span className="mono">{request.compactionId}</span> after you started. Nothing was overwritten: choose which version to keep.
      </Dialog.Description>
      <div className="conflict__sides">
        <Version title="Yours (not saved)" record={mine} who={`Edited from version ${request.baseVersion}`} />
        <Version title="Current (saved)" record={current} who={who} />
      </div>
      <div className="confirm-dialog__actions">
        <button type="button" className="button" onClick={takeCurrent}>
          Use the current version
        </button>
        <button type="button" className="button button--primary" onClick={keepMine}>
          Keep mine (save over it)
        </button>
      </div>
    </>
  );
}

/** A 409 on save: both versions side by side; the operator keeps theirs or takes the current one (its own chunk: save-feedback.tsx opens it). */
export function SaveConflictDialog({ conflict, onClose }: { conflict: Conflict; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay conflict__overlay" />
        <Dialog.Content className="confirm-dialog conflict" aria-describedby={undefined}>
          <ConflictBody conflict={conflict} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
