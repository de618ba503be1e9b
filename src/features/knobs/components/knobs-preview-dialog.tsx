import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { ProposalRest } from '../../../components/proposal-rest';
import type { Answered, WholeProposal } from '../../../hooks/use-whole-proposal';
import { describeError } from '../../../lib/api/api-error';
import type { useDryRun } from '../../../lib/api/endpoints/dry-run';
import type { Schemas } from '../../../domain/contract/types';
import '../../../components/dialog.css';
import './knobs-notices.css';
import './knobs-preview-dialog.css';

export interface KnobsPreviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agentPath: string;
  /** How many knobs the unsaved edits change. */
  unsaved: number;
  dryRun: ReturnType<typeof useDryRun>;
  /** The dry run's answer with the rest of its list as read (useWholeProposal). */
  whole: WholeProposal<Answered>;
  onPreviewAgain: () => void;
  renderPreview: (result: Schemas['DryRunResult']) => ReactNode;
}

/** "Preview on this session": a dry run with the unsaved edits applied, drawn by the page's diff. Nothing is saved. */
export function KnobsPreviewDialog({ open, onOpenChange, agentPath, unsaved, dryRun, whole, onPreviewAgain, renderPreview }: KnobsPreviewDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog knobs-preview" aria-describedby={undefined}>
          <header className="dialog__header">
            <div>
              <Dialog.Title className="dialog__title">Preview on this session: {agentPath}</Dialog.Title>
              <p className="muted">
                A dry run with {unsaved === 0 ? 'the saved settings (no unsaved changes)' : `${unsaved} unsaved ${unsaved === 1 ? 'change' : 'changes'}`} applied. Nothing is saved.
              </p>
            </div>
            <Dialog.Close className="button button--quiet" aria-label="Close">
              ✕
            </Dialog.Close>
          </header>
          <div className="knobs-preview__body">
            {dryRun.isPending && (
              <p className="muted" aria-busy="true">
                Running the dry run…
              </p>
            )}
            {dryRun.isError && (
              <div className="knobs-note knobs-note--danger" role="alert">
                Preview failed: {describeError(dryRun.error)}
              </div>
            )}
            {whole.preview && !dryRun.isPending && (
              <>
                <ProposalRest whole={whole} onPreviewAgain={onPreviewAgain} previewing={false} />
                {renderPreview(whole.preview.result)}
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
