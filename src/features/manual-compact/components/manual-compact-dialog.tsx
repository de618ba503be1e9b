import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { compactionConfigQuery } from '../../../lib/api/endpoints/get-compaction-config';
import { Workbench } from './workbench';
import '../../../components/dialog.css';
import './manual-compact.css';

export interface ManualCompactDialogProps {
  sessionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The agent to start with; the primary agent otherwise. */
  agentPath?: string;
}

/**
 * The manual-compact modal: per-invocation overrides (ADR-0024 amendment 9), Preview (the dry
 * run, as a side-by-side diff), pinned proposals compared, and Commit, possible only for a preview
 * of the current settings, confirmed, and sent with that preview's idempotency key.
 */
export function ManualCompactDialog({ sessionId, open, onOpenChange, agentPath = 'primary' }: ManualCompactDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          aria-describedby="mc-dialog-description"
          onOpenAutoFocus={(event) => {
            // Focus the dialog itself rather than its close button; Tab reaches the settings first.
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
        >
          <header className="dialog__header">
            <div>
              <Dialog.Title className="dialog__title">Compact</Dialog.Title>
              <Dialog.Description id="mc-dialog-description" className="muted">
                Overrides apply to this one compaction; the agent&apos;s configuration is unchanged unless you save them as its settings (they open on the knobs screen as unsaved changes). Preview first: nothing changes until you commit.
              </Dialog.Description>
            </div>
            <Dialog.Close className="button button--quiet" aria-label="Close">
              ✕
            </Dialog.Close>
          </header>
          <InitialConfig sessionId={sessionId} agentPath={agentPath} onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The form starts from the agent's effective config, so it waits for it. */
function InitialConfig({ sessionId, agentPath, onClose }: { sessionId: string; agentPath: string; onClose: () => void }) {
  const config = useQuery(compactionConfigQuery(sessionId, agentPath));
  if (config.isError) return <ErrorState error={config.error} what="the agent's compaction settings" onRetry={() => void config.refetch()} />;
  if (!config.data) return <WorkbenchSkeleton />;
  return <Workbench sessionId={sessionId} initialConfig={config.data} onClose={onClose} />;
}

function WorkbenchSkeleton() {
  return (
    <div className="mc-body" aria-busy="true">
      <div className="mc-side">
        <Skeleton height={420} />
      </div>
      <div className="mc-main-col">
        <Skeleton height="100%" />
      </div>
    </div>
  );
}
