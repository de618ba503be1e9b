import { AlertDialog } from 'radix-ui';
import { displayKnobValue } from '../../../domain/knobs/knob-values';
import type { IndexedKnob } from '../../../domain/knobs/knob-kinds';
import type { AgentPending } from '../lib/pending-changes';
import '../../../components/dialog.css';
import './review-dialog.css';

export interface ReviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: readonly AgentPending[];
  saving: boolean;
  onSave: () => void;
  onDiscard: (agentPath: string) => void;
  /** Every settable knob by config key: a change is named by the label the form shows. */
  index: ReadonlyMap<string, IndexedKnob>;
}

/** A change's knob as the form names it (its plugin beside a plugin's knob); the key itself only for a knob no schema declares. */
function KnobName({ known, configKey }: { known: IndexedKnob | undefined; configKey: string }) {
  if (!known) return <span className="mono">{configKey}</span>;
  return (
    <>
      {known.knob.label}
      {known.plugin !== null && <span className="faint"> ({known.plugin})</span>}
    </>
  );
}

/** Before anything is saved: every agent's pending changes, old → new with where each value comes from. */
export function ReviewDialog({ open, onOpenChange, pending, saving, onSave, onDiscard, index }: ReviewDialogProps) {
  const total = pending.reduce((n, a) => n + a.changes.length, 0);
  return (
    <AlertDialog.Root open={open && pending.length > 0} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay dialog-overlay--confirm" />
        <AlertDialog.Content className="confirm-dialog knobs-review">
          <AlertDialog.Title className="confirm-dialog__title">
            Save {total} {total === 1 ? 'change' : 'changes'}?
          </AlertDialog.Title>
          <AlertDialog.Description className="muted">Each agent is saved against the version you edited; a newer save elsewhere is shown to you, never overwritten.</AlertDialog.Description>
          <div className="knobs-review__agents">
            {pending.map((a) => (
              <section key={a.agent_path} aria-label={`Changes to ${a.agent_path}`}>
                <h3 className="knobs-review__agent">
                  <span className="mono">{a.agent_path}</span>
                  <button type="button" className="button button--quiet" onClick={() => onDiscard(a.agent_path)}>
                    Discard {a.agent_path}&apos;s changes
                  </button>
                </h3>
                <table className="knobs-review__table">
                  <thead>
                    <tr>
                      <th scope="col">Knob</th>
                      <th scope="col">Old</th>
                      <th scope="col">New</th>
                    </tr>
                  </thead>
                  <tbody>
                    {a.changes.map((c) => (
                      <tr key={c.key}>
                        <td title={c.key}>
                          <KnobName known={index.get(c.key)} configKey={c.key} />
                        </td>
                        <td>
                          <span className="num">{displayKnobValue(c.key, c.old)}</span> <span className="faint">({c.oldOrigin.text})</span>
                        </td>
                        <td>
                          <span className="num">{displayKnobValue(c.key, c.new)}</span> <span className="faint">({c.action === 'unset' ? c.newOrigin.text : 'set on this agent'})</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
          </div>
          <div className="confirm-dialog__actions">
            <AlertDialog.Cancel className="button">Keep editing</AlertDialog.Cancel>
            <button type="button" className="button button--primary" onClick={onSave} disabled={saving}>
              {saving ? 'Saving…' : 'Save changes'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
