import { useCallback, useEffect, useState, type ReactNode } from 'react';

/**
 * A stand-in's press before its part's code is in (a lazy menu, dropdown or popover) asks for the
 * part open: it opens when the code arrives (its defaultOpen). Escape, or a press elsewhere on the
 * page, withdraws the ask, as either would close the part once open: nothing opens later by
 * surprise. `withWatch` draws the stand-in with what listens for them, so it listens only while the
 * stand-in is drawn (a LazyPart's fallback); the part, once in, handles both itself.
 */
export interface PendingOpen {
  requested: boolean;
  request: () => void;
  /** Marks the stand-in: a press on it does not withdraw the ask. */
  standInProps: { 'data-pending-open': string };
  withWatch: (standIn: ReactNode) => ReactNode;
}

export function usePendingOpen(id: string): PendingOpen {
  const [requested, setRequested] = useState(false);
  const withdraw = useCallback(() => setRequested(false), []);
  return {
    requested,
    request: () => setRequested(true),
    standInProps: { 'data-pending-open': id },
    withWatch: (standIn) => (
      <>
        {standIn}
        {requested && <WithdrawOnDismiss id={id} onWithdraw={withdraw} />}
      </>
    ),
  };
}

function WithdrawOnDismiss({ id, onWithdraw }: { id: string; onWithdraw: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onWithdraw();
    };
    const onPress = (event: PointerEvent) => {
      const standIn = event.target instanceof Element ? event.target.closest('[data-pending-open]') : null;
      if (standIn?.getAttribute('data-pending-open') !== id) onWithdraw();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [id, onWithdraw]);
  return null;
}
