import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LazyDialog } from '../../../components/dialog-loading';
import { lazyComponent } from '../../../lib/lazy-component';
import { importCapabilityQuery } from '../api/import-capability';
import { filesFromDrop } from '../lib/dropped-files';
import type { ChosenFile } from '../lib/upload-plan';
import type { ImportDialogProps } from './import-dialog';
import './import-button.css';

/** The dialog (its validator, the upload, the reports) loads on demand. */
const ImportDialog = lazyComponent<ImportDialogProps>(() => import('./import-dialog').then((m) => m.ImportDialog));
const preload = () => void ImportDialog.preload().catch(() => undefined);

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/**
 * "Import transcripts…" on the sessions list, and files dropped anywhere on the page: shown only when
 * the daemon is the simulator (a real daemon has no import endpoint, so nothing is shown).
 */
export function ImportButton() {
  const { data: capability } = useQuery(importCapabilityQuery());
  const [open, setOpen] = useState(false);
  const [dropped, setDropped] = useState<Promise<ChosenFile[]> | null>(null);
  const [dragging, setDragging] = useState(false);
  const available = capability !== null && capability !== undefined;

  useEffect(() => {
    if (!available || open) return;
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setDragging(true);
      preload();
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      // The entries must be taken during the event; reading them may take longer.
      setDropped(filesFromDrop(event.dataTransfer));
      setOpen(true);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [available, open]);

  if (!available) return null;
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          setDropped(null);
          setOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        aria-haspopup="dialog"
        title="Import Claude Code, Codex CLI or Gemini CLI sessions, or OpenAI-chat trajectories (or drop the files on the page)"
      >
        Import transcripts…
      </button>
      {dragging && (
        <div className="import-drop-overlay" aria-hidden="true">
          <p>Drop transcripts or folders to import them</p>
        </div>
      )}
      {open && (
        <LazyDialog title="Import transcripts" onClose={() => setOpen(false)}>
          <ImportDialog capability={capability} dropped={dropped} open={open} onOpenChange={setOpen} />
        </LazyDialog>
      )}
    </>
  );
}
