import { useEffect } from 'react';
import { LazyDialog } from '../../../components/dialog-loading';
import { usePreloadWhenIdle } from '../../../hooks/use-idle-gate';
import { lazyComponent } from '../../../lib/lazy-component';
import { useSaveFeedback, type Conflict } from '../hooks/save-feedback';
import './save-feedback.css';

const NOTICE_MS = 9000;

/** Short messages about saves (a failure names what and why); each goes after a while or on ✕. */
export function SaveNotices() {
  const notices = useSaveFeedback((s) => s.notices);
  const dismiss = useSaveFeedback((s) => s.dismiss);
  useEffect(() => {
    if (notices.length === 0) return;
    const timers = notices.map((n) => setTimeout(() => dismiss(n.id), NOTICE_MS));
    return () => timers.forEach(clearTimeout);
  }, [notices, dismiss]);
  return (
    <div className="notices" aria-live="assertive">
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice--${notice.tone}`} role={notice.tone === 'danger' ? 'alert' : 'status'}>
          <div className="notice__text">
            <p className="notice__title">{notice.title}</p>
            {notice.detail && <p className="notice__detail">{notice.detail}</p>}
          </div>
          <button type="button" className="button button--quiet notice__close" onClick={() => dismiss(notice.id)} aria-label="Dismiss">
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}

/** The conflict dialog's code (radix Dialog) is not needed to draw the page: loaded after the first screen, or when a save conflicts. */
const SaveConflictDialog = lazyComponent<{ conflict: Conflict; onClose: () => void }>(() => import('./save-conflict-dialog').then((m) => m.SaveConflictDialog));

/** A 409 on save: both versions side by side; the operator keeps theirs or takes the current one. */
export function ConflictDialog() {
  const conflict = useSaveFeedback((s) => s.conflict);
  const close = useSaveFeedback((s) => s.closeConflict);
  usePreloadWhenIdle(SaveConflictDialog);
  if (conflict === null) return null;
  return (
    <LazyDialog title="This event changed while you were editing it" onClose={close}>
      <SaveConflictDialog conflict={conflict} onClose={close} />
    </LazyDialog>
  );
}
