import { useState } from 'react';
import { LazyDialog } from '../../../components/dialog-loading';
import { lazyComponent } from '../../../lib/lazy-component';
import type { ManualCompactDialogProps } from './manual-compact-dialog';
import './compact-button.css';

/** The modal (its form, the dry-run diff) loads on demand: when the button is pointed at, focused or pressed. */
const ManualCompactDialog = lazyComponent<ManualCompactDialogProps>(() => import('./manual-compact-dialog').then((m) => m.ManualCompactDialog));

interface CompactButtonProps {
  sessionId: string;
  agentPath?: string;
  className?: string;
  label?: string;
}

/** "Compact…": opens the manual-compact modal for the session (the primary agent unless told). */
export function CompactButton({ sessionId, agentPath, className = 'button', label = 'Compact…' }: CompactButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void ManualCompactDialog.preload().catch(() => undefined)}
        onFocus={() => void ManualCompactDialog.preload().catch(() => undefined)}
        aria-haspopup="dialog"
      >
        {label}
      </button>
      {open && (
        <LazyDialog title="Compact" onClose={() => setOpen(false)}>
          <ManualCompactDialog sessionId={sessionId} agentPath={agentPath} open={open} onOpenChange={setOpen} />
        </LazyDialog>
      )}
    </>
  );
}
