import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState, type DragEvent, type MouseEvent } from 'react';
import { ErrorState } from '../../../components/error-state';
import { importShapeProblem, type ImportCapability } from '../../../domain/contract/simulator-imports';
import { addChosen, filesFromDrop, filesFromInput } from '../lib/dropped-files';
import { formatMegabytes, tooLarge, unsafeName, type ChosenFile } from '../lib/upload-plan';
import { useImportRun } from '../hooks/use-import-run';
import { FollowFolder } from './follow-folder';
import { ImportReports } from './import-reports';
import '../../../components/dialog.css';
import '../../../components/notice.css';
import './imports.css';

export interface ImportDialogProps {
  /** The simulator's capability answer, unchecked (this chunk checks it). */
  capability: unknown;
  /** Files dropped on the page, still being read (folders), or null. */
  dropped: Promise<ChosenFile[]> | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Choose files (picker, folder picker, drop), import them with a progress bar, then read a report per file. */
export function ImportDialog({ capability, dropped, open, onOpenChange }: ImportDialogProps) {
  const problem = importShapeProblem('ImportCapability', capability);
  // While files upload, a click beside the dialog (the second click of a double click on Import,
  // once the dialog has shrunk to its progress bar) must not close it: closing cancels the upload.
  const [busy, setBusy] = useState(false);
  const keepOpen = (event: Event) => {
    if (busy) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog import-dialog" aria-describedby="import-dialog-description" onInteractOutside={keepOpen}>
          <header className="dialog__header">
            <div>
              <Dialog.Title className="dialog__title">Import transcripts</Dialog.Title>
              <Dialog.Description id="import-dialog-description" className="muted">
                Each transcript becomes a session of the simulated daemon, with its subagents. Importing the same file again changes nothing.
              </Dialog.Description>
            </div>
            <Dialog.Close className="button button--quiet" aria-label="Close">
              ✕
            </Dialog.Close>
          </header>
          {problem === null ? (
            <ImportBody capability={capability as ImportCapability} dropped={dropped} onClose={() => onOpenChange(false)} onBusyChange={setBusy} />
          ) : (
            <div className="import-dialog__body">
              <p className="callout callout--danger" role="alert">
                The daemon answered the import probe with something Compactor does not understand ({problem}), so nothing can be imported.
              </p>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A click that is the second of a double click (it landed on what replaced the button clicked first) is not a decision. */
const secondClick = (event: MouseEvent<HTMLButtonElement>) => event.detail > 1;

interface ImportBodyProps {
  capability: ImportCapability;
  dropped: Promise<ChosenFile[]> | null;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}

function ImportBody({ capability, dropped, onClose, onBusyChange }: ImportBodyProps) {
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [reading, setReading] = useState(dropped !== null);
  const [over, setOver] = useState(false);
  // Once a folder is followed, closing cancels nothing (unless files are chosen to import).
  const [following, setFollowing] = useState(false);
  const { run, start, reset } = useImportRun();
  const running = run.state === 'running';
  useEffect(() => onBusyChange(running), [running, onBusyChange]);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!dropped) return;
    let live = true;
    void dropped
      .then((files) => live && setChosen((current) => addChosen(current, files)))
      .finally(() => live && setReading(false));
    return () => {
      live = false;
    };
  }, [dropped]);

  const add = (files: ChosenFile[]) => setChosen((current) => addChosen(current, files));
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setOver(false);
    setReading(true);
    void filesFromDrop(event.dataTransfer)
      .then(add)
      .finally(() => setReading(false));
  };

  if (run.state === 'running') {
    const percent = Math.round(run.progress.fraction * 100);
    return (
      <div className="import-dialog__body">
        <div className="import-progress">
          <p id="import-progress-label">{run.progress.label}…</p>
          <div className="import-progress__track" role="progressbar" aria-labelledby="import-progress-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="import-progress__fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="muted num">{percent} %</p>
        </div>
        <footer className="import-dialog__footer">
          <button type="button" className="button" onClick={(event) => !secondClick(event) && reset()}>
            Stop waiting
          </button>
        </footer>
      </div>
    );
  }

  if (run.state === 'done') {
    return (
      <div className="import-dialog__body">
        <ImportReports job={run.job} onOpenSession={onClose} />
        <footer className="import-dialog__footer">
          <button
            type="button"
            className="button"
            onClick={() => {
              setChosen([]);
              reset();
            }}
          >
            Import more
          </button>
          <button type="button" className="button button--primary" onClick={(event) => !secondClick(event) && onClose()}>
            Done
          </button>
        </footer>
      </div>
    );
  }

  const oversize = tooLarge(chosen, capability.max_file_bytes);
  const refused = chosen.flatMap((f) => unsafeName(f.name) ?? []);
  const importable = chosen.filter((f) => unsafeName(f.name) === null);
  // Busy from the click itself, not from the effect after the next render: the second click of a
  // double click arrives before that render, beside the dialog once it has shrunk to its progress bar.
  const submit = () => {
    onBusyChange(true);
    start(importable);
  };
  const total = chosen.reduce((n, f) => n + f.file.size, 0);
  return (
    <div className="import-dialog__body">
      {run.state === 'failed' && <ErrorState error={run.error} what="the import" onRetry={submit} />}
      <div
        className={over ? 'import-drop import-drop--over' : 'import-drop'}
        onDragOver={(event) => {
          event.preventDefault();
          event.stopPropagation();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>Drop files or folders here, or</p>
        <div className="import-drop__buttons">
          <button type="button" className="button" onClick={() => filesInput.current?.click()}>
            Choose files…
          </button>
          <button type="button" className="button" onClick={() => folderInput.current?.click()}>
            Choose a folder…
          </button>
        </div>
        <input
          ref={filesInput}
          type="file"
          multiple
          hidden
          aria-label="Transcript files"
          onChange={(event) => {
            add(filesFromInput(event.currentTarget.files ?? []));
            event.currentTarget.value = '';
          }}
        />
        <input
          ref={folderInput}
          type="file"
          hidden
          aria-label="Transcript folder"
          {...{ webkitdirectory: '' }}
          onChange={(event) => {
            add(filesFromInput(event.currentTarget.files ?? []));
            event.currentTarget.value = '';
          }}
        />
        <p className="import-drop__expected muted">Expected: {capability.expected}.</p>
      </div>
      {/* An import reads files once; following reads them as they grow. */}
      <FollowFolder capability={capability} onFollowing={() => setFollowing(true)} />
      {reading && <p className="muted" role="status">Reading the dropped folders…</p>}
      {chosen.length > 0 && (
        <table className="import-chosen" aria-label="Files to import">
          <tbody>
            {chosen.map((f) => (
              <tr key={f.name}>
                <td className="mono import-chosen__name">{f.name}</td>
                <td className="num import-chosen__size">{formatMegabytes(f.file.size)}</td>
                <td className="import-chosen__remove">
                  <button type="button" className="button button--quiet" aria-label={`Remove ${f.name}`} onClick={() => setChosen((c) => c.filter((x) => x.name !== f.name))}>
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {[...refused, ...oversize].map((message) => (
        <p key={message} className="callout callout--danger" role="alert">
          {message}
        </p>
      ))}
      <footer className="import-dialog__footer">
        <span className="muted num">{chosen.length > 0 ? `${chosen.length} ${chosen.length === 1 ? 'file' : 'files'}, ${formatMegabytes(total)}` : 'No files chosen'}</span>
        <button type="button" className="button" onClick={onClose}>
          {following && chosen.length === 0 ? 'Close' : 'Cancel'}
        </button>
        <button type="button" className="button button--primary" disabled={importable.length === 0 || oversize.length > 0 || reading} onClick={submit}>
          {importable.length > 1 ? `Import ${importable.length} files` : 'Import'}
        </button>
      </footer>
    </div>
  );
}
