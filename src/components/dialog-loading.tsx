import { useEffect, useRef } from 'react';
import { Skeleton } from './skeleton';
import './dialog.css';

interface DialogLoadingProps {
  title: string;
  /** Escape or a click outside closes it, as they would close the dialog it stands for. */
  onClose(): void;
}

/** A modal's place while its code loads: the overlay and the dialog's frame, titled, at its final size. */
export function DialogLoading({ title, onClose }: DialogLoadingProps) {
  const frame = useRef<HTMLDivElement>(null);
  // The latest onClose, read when Escape is pressed: focus is taken and the listener added once.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    frame.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <div className="dialog-overlay" onClick={onClose} />
      <div ref={frame} tabIndex={-1} className="dialog" role="dialog" aria-modal="true" aria-busy="true" aria-label={`${title} (loading)`}>
        <header className="dialog__header">
          <p className="dialog__title">{title}</p>
        </header>
        <div className="dialog-loading">
          <Skeleton height="100%" />
        </div>
      </div>
    </>
  );
}
