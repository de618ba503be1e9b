import { Skeleton } from './skeleton';
import './dialog.css';

/** A modal's place while its code loads: the overlay and the dialog's frame, titled, at its final size. */
export function DialogLoading({ title }: { title: string }) {
  return (
    <>
      <div className="mc-overlay" />
      <div className="mc-dialog" role="dialog" aria-modal="true" aria-busy="true" aria-label={`${title} (loading)`}>
        <header className="mc-dialog__header">
          <p className="mc-dialog__title">{title}</p>
        </header>
        <div className="dialog-loading">
          <Skeleton height="100%" />
        </div>
      </div>
    </>
  );
}
