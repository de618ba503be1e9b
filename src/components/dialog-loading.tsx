import { useEffect, useRef, type ReactNode } from 'react';
import { CodeNotLoaded, LazyPart } from './lazy-part';
import { Skeleton } from './skeleton';
import './dialog.css';

interface DialogLoadingProps {
  title: string;
  /** Escape or a click outside closes it, as they would close the dialog it stands for. */
  onClose(): void;
  /** In the frame instead of the skeleton (the dialog's code did not download). */
  children?: ReactNode;
}

/** A modal's place while its code loads: the overlay and the dialog's frame, titled, at its final size. */
export function DialogLoading({ title, onClose, children }: DialogLoadingProps) {
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
      <div ref={frame} tabIndex={-1} className="dialog" role="dialog" aria-modal="true" aria-busy={children === undefined} aria-label={children === undefined ? `${title} (loading)` : title}>
        <header className="dialog__header">
          <p className="dialog__title">{title}</p>
        </header>
        <div className="dialog-loading">{children ?? <Skeleton height="100%" />}</div>
      </div>
    </>
  );
}

/**
 * A modal whose code is in another chunk (lazyComponent): its frame while the code downloads, and
 * if the download fails, the frame saying so (closable as ever; tried again by itself: LazyPart).
 */
export function LazyDialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  return (
    <LazyPart
      what={`the dialog "${title}"`}
      fallback={<DialogLoading title={title} onClose={onClose} />}
      failed={(retry) => (
        <DialogLoading title={title} onClose={onClose}>
          <CodeNotLoaded what={`the dialog "${title}"`} retry={retry} />
        </DialogLoading>
      )}
    >
      {children}
    </LazyPart>
  );
}
