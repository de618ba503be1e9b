import { AlertDialog } from 'radix-ui';
import { ConfirmContent } from '../../../components/confirm-content';

/** A decision's button and its confirmation. */
export function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  disabled,
  primary = false,
  danger = false,
}: {
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled: boolean;
  primary?: boolean;
  danger?: boolean;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className={primary ? 'button button--primary' : danger ? 'button ck-danger' : 'button'} disabled={disabled}>
          {label}
        </button>
      </AlertDialog.Trigger>
      <ConfirmContent
        title={title}
        description={<p className="muted">{description}</p>}
        confirmLabel={confirmLabel}
        onConfirm={onConfirm}
        confirmClassName={danger ? 'button ck-danger-solid' : 'button button--primary'}
      />
    </AlertDialog.Root>
  );
}
