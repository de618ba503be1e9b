import { useEffect, useState } from 'react';
import { whenIdle } from '../lib/idle';

/**
 * True once `ready` has been true and the browser has had an idle moment since (or `timeoutMs`
 * passed): what is below the fold or secondary (charts, the checkpoints) starts loading after
 * the first data is drawn, not beside it. Stays true from then on.
 */
export function useIdleGate(ready = true, timeoutMs = 800): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open || !ready) return;
    return whenIdle(() => setOpen(true), timeoutMs);
  }, [open, ready, timeoutMs]);
  return open;
}
