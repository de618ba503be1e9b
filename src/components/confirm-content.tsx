import type { ReactElement, ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import './dialog.css';

interface ConfirmContentProps {
  title: ReactNode;
  /** What confirming does: one element (a paragraph, a block), read out as the dialog's description. */
  description: ReactElement;
  confirmLabel: string;
  onConfirm: () => void;
  /** The confirming button's classes (primary by default). */
  confirmClassName?: string;
}

/** A confirmation inside an AlertDialog.Root: title, what it does, Cancel and the confirming action. */
export function ConfirmContent({ title, description, confirmLabel, onConfirm, confirmClassName = 'button button--primary' }: ConfirmContentProps) {
  return (
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="dialog-overlay dialog-overlay--confirm" />
      <AlertDialog.Content className="confirm-dialog">
        <AlertDialog.Title className="confirm-dialog__title">{title}</AlertDialog.Title>
        <AlertDialog.Description asChild>{description}</AlertDialog.Description>
        <div className="confirm-dialog__actions">
          <AlertDialog.Cancel className="button">Cancel</AlertDialog.Cancel>
          <AlertDialog.Action className={confirmClassName} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialog.Action>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}
