import { useState } from 'react';
import { ManualCompactDialog } from './manual-compact-dialog';
import './compact-button.css';

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
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </button>
      {open && <ManualCompactDialog sessionId={sessionId} agentPath={agentPath} open={open} onOpenChange={setOpen} />}
    </>
  );
}
