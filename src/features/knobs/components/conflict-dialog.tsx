import { AlertDialog } from 'radix-ui';
import { displayKnobValue } from '../../../domain/knobs/knob-values';
import { staleConflicts, type Conflict } from '../lib/pending-changes';
import '../../../components/dialog.css';
import './config-history.css';
import './review-dialog.css';

export interface ConflictDialogProps {
  conflict: Conflict | null;
  onResolve: (choice: 'mine' | 'theirs' | 'later') => void;
}

/** A save met a newer version (409): both versions side by side, and the operator chooses (its own chunk: knobs-dialogs.tsx opens it). */
export function ConflictDialog({ conflict, onResolve }: ConflictDialogProps) {
  const clashes = conflict ? staleConflicts(conflict.edits, conflict.details.changes_since) : [];
  return (
    <AlertDialog.Root open={conflict !== null} onOpenChange={(open) => !open && onResolve('later')}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay dialog-overlay--confirm" />
        {conflict && (
          <AlertDialog.Content className="confirm-dialog knobs-review">
            <AlertDialog.Title className="confirm-dialog__title">{conflict.agent} was changed elsewhere</AlertDialog.Title>
            <AlertDialog.Description className="muted">
              You edited version {conflict.details.your_version}; the daemon is at version {conflict.details.current.version}. Nothing was saved. Choose what to keep.
            </AlertDialog.Description>
            {clashes.length > 0 ? (
              <table className="knobs-review__table">
                <thead>
                  <tr>
                    <th scope="col">Knob</th>
                    <th scope="col">Yours (unsaved)</th>
                    <th scope="col">Theirs (saved)</th>
                  </tr>
                </thead>
                <tbody>
                  {clashes.map((c) => (
                    <tr key={c.key}>
                      <td className="mono">{c.key}</td>
                      <td className="num">{c.yours === undefined ? 'inherit' : displayKnobValue(c.key, c.yours)}</td>
                      <td>
                        <span className="num">{displayKnobValue(c.key, c.theirs.value)}</span>{' '}
                        <span className="faint">
                          by {c.theirs.actor}, version {c.theirs.version}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>The newer saves changed other knobs than yours:</p>
            )}
            <ul className="kh__changes">
              {conflict.details.changes_since.flatMap((e) =>
                e.changes.map((c) => (
                  <li key={`${e.id}-${c.key}`}>
                    version {e.version} by {e.actor}: <span className="mono">{c.key}</span> {displayKnobValue(c.key, c.old)} → {displayKnobValue(c.key, c.new)}
                  </li>
                )),
              )}
            </ul>
            <div className="confirm-dialog__actions">
              <AlertDialog.Cancel className="button">Decide later (keep my edits)</AlertDialog.Cancel>
              <button type="button" className="button" onClick={() => onResolve('theirs')}>
                Use theirs
              </button>
              <button type="button" className="button button--primary" onClick={() => onResolve('mine')}>
                Keep mine…
              </button>
            </div>
          </AlertDialog.Content>
        )}
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
