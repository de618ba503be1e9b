import { useEffect, useState } from 'react';
import { useFirstScreenDone } from '../lib/first-screen';
import { whenIdleNotScrolling } from '../lib/scroll-activity';

/**
 * True once the app's first screen is in (lib/first-screen.ts), `ready` has been true and the
 * browser has had an idle moment since (or `timeoutMs` passed): what is below the fold or
 * secondary (charts, the checkpoints, the spiral watch) starts loading after the first data is
 * drawn, not beside it; nor inside a scroll of a list (its code's evaluation and first drawing would
 * be long tasks in the scroll's frames, e2e/bench/README.md). Stays true from then on.
 */
export function useIdleGate(ready = true, timeoutMs = 800): boolean {
  const [open, setOpen] = useState(false);
  const firstScreenDone = useFirstScreenDone();
  useEffect(() => {
    if (open || !ready || !firstScreenDone) return;
    return whenIdleNotScrolling(() => setOpen(true), timeoutMs);
  }, [open, ready, firstScreenDone, timeoutMs]);
  return open;
}

/** Downloads the code of a part drawn on demand (a dialog) once the idle gate opens: asked for then, it is there at once. */
export function usePreloadWhenIdle(part: { preload: () => Promise<unknown> }): void {
  const open = useIdleGate();
  useEffect(() => {
    if (open) void part.preload().catch(() => undefined);
  }, [open, part]);
}
