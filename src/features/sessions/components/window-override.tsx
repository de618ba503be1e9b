import { useState } from 'react';
import { LazyDialog } from '../../../components/dialog-loading';
import { lazyComponent } from '../../../lib/lazy-component';

/** The dialog's code (a form, its checks, radix Dialog) is not needed to draw the agents table. */
const WindowOverrideDialog = lazyComponent<{ model: string; onClose: () => void }>(() => import('./window-override-dialog').then((m) => m.WindowOverrideDialog));

/** "change" beside a window in the agents table: opens the dialog setting the model's override. */
export function WindowOverrideButton({ model }: { model: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="window-override__open"
        aria-label={`Change the context window of ${model}`}
        aria-haspopup="dialog"
        onPointerEnter={() => void WindowOverrideDialog.preload().catch(() => undefined)}
        onFocus={() => void WindowOverrideDialog.preload().catch(() => undefined)}
        onClick={() => setOpen(true)}
      >
        change
      </button>
      {open && (
        <LazyDialog title={`Context window of ${model}`} onClose={() => setOpen(false)}>
          <WindowOverrideDialog model={model} onClose={() => setOpen(false)} />
        </LazyDialog>
      )}
    </>
  );
}
