import { LazyDialog } from '../../../components/dialog-loading';
import { usePreloadWhenIdle } from '../../../hooks/use-idle-gate';
import { lazyComponent } from '../../../lib/lazy-component';
import type { ConflictDialogProps } from './conflict-dialog';
import type { KnobsPreviewDialogProps } from './knobs-preview-dialog';
import type { ReviewDialogProps } from './review-dialog';
import type { VersionCompareDialogProps } from './version-compare-dialog';

// The knobs screen's dialogs (radix Dialog and AlertDialog, the review's and the conflict's tables)
// are not needed to draw the knobs: each is its own chunk, downloaded once the idle gate opens
// (usePreloadKnobsDialogs), or when opened before that (its frame, titled, until it is there: LazyDialog).

const ReviewCode = lazyComponent<ReviewDialogProps>(() => import('./review-dialog').then((m) => m.ReviewDialog));
const ConflictCode = lazyComponent<ConflictDialogProps>(() => import('./conflict-dialog').then((m) => m.ConflictDialog));
const PreviewCode = lazyComponent<KnobsPreviewDialogProps>(() => import('./knobs-preview-dialog').then((m) => m.KnobsPreviewDialog));
const CompareCode = lazyComponent<VersionCompareDialogProps>(() => import('./version-compare-dialog').then((m) => m.VersionCompareDialog));

/** Downloads the dialogs' code once the idle gate opens (the knobs screen calls it once). */
export function usePreloadKnobsDialogs(): void {
  usePreloadWhenIdle(ReviewCode);
  usePreloadWhenIdle(ConflictCode);
  usePreloadWhenIdle(PreviewCode);
  usePreloadWhenIdle(CompareCode);
}

/** Before anything is saved: every agent's pending changes (review-dialog.tsx). */
export function ReviewDialog(props: ReviewDialogProps) {
  if (!props.open || props.pending.length === 0) return null;
  const total = props.pending.reduce((n, a) => n + a.changes.length, 0);
  return (
    <LazyDialog title={`Save ${total} ${total === 1 ? 'change' : 'changes'}?`} onClose={() => props.onOpenChange(false)}>
      <ReviewCode {...props} />
    </LazyDialog>
  );
}

/** A save met a newer version (conflict-dialog.tsx). */
export function ConflictDialog(props: ConflictDialogProps) {
  if (props.conflict === null) return null;
  return (
    <LazyDialog title={`${props.conflict.agent} was changed elsewhere`} onClose={() => props.onResolve('later')}>
      <ConflictCode {...props} />
    </LazyDialog>
  );
}

/** "Preview on this session" (knobs-preview-dialog.tsx). */
export function KnobsPreviewDialog(props: KnobsPreviewDialogProps) {
  if (!props.open) return null;
  return (
    <LazyDialog title={`Preview on this session: ${props.agentPath}`} onClose={() => props.onOpenChange(false)}>
      <PreviewCode {...props} />
    </LazyDialog>
  );
}

/** Two config versions side by side (version-compare-dialog.tsx). */
export function VersionCompareDialog(props: VersionCompareDialogProps) {
  return (
    <LazyDialog title={`${props.config.agent_path}: version ${props.a} and version ${props.b}`} onClose={props.onClose}>
      <CompareCode {...props} />
    </LazyDialog>
  );
}
