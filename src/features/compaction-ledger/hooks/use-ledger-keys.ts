import type { Virtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect } from 'react';
import { useNavigate } from 'react-router';
import type { CompactionRecord } from '../../../domain/contract/types';
import type { LedgerSearch } from '../../../domain/ledger-search';
import { useLatest } from '../../../hooks/use-latest';
import { useLedgerActions } from '../components/ledger-context';
import { detailPath } from '../lib/detail-path';
import { keyActionOf } from '../lib/keyboard';
import { useLedgerCursor } from './use-ledger-cursor';
import { selectionOf, useLedgerSelection } from './use-ledger-selection';

interface LedgerKeysView {
  records: readonly CompactionRecord[];
  /** The cursor row's index in records, -1 for none. */
  activeIndex: number;
  viewKey: string;
  search: LedgerSearch;
  /** The session whose ledger this is; null: across sessions. */
  sessionId: string | null;
  virtualizer: Pick<Virtualizer<HTMLDivElement, Element>, 'scrollToIndex'>;
}

/**
 * The ledger's keys on the whole page, except while typing or in a menu or dialog (see keyboard.ts):
 * j/k move the cursor (scrolled into view), Enter opens its event, x selects it, g/b/n flag it.
 */
export function useLedgerKeys({ records, activeIndex, viewKey, search, sessionId, virtualizer }: LedgerKeysView): void {
  const { flag, select } = useLedgerActions();
  const navigate = useNavigate();
  const setActive = useLedgerCursor((s) => s.set);
  // A key pressed right after the last one moves from the row that one put the cursor on.
  const keyState = useLatest({ records, activeIndex, viewKey, search });
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = keyActionOf(event);
      if (!action) return;
      const { records: current, activeIndex: index, viewKey: view, search: currentSearch } = keyState.current;
      if (current.length === 0) return;
      if (action.type === 'move') {
        const next = Math.max(0, Math.min(current.length - 1, index < 0 ? 0 : index + action.delta));
        const id = current[next]?.id;
        if (!id) return;
        event.preventDefault();
        setActive(view, id);
        virtualizer.scrollToIndex(next, { align: 'auto' });
        return;
      }
      const record = current[index];
      if (!record) return;
      event.preventDefault();
      if (action.type === 'open') void navigate(detailPath(record.session_id, record.id, currentSearch, sessionId === null));
      else if (action.type === 'select') select(record.id, record.session_id, selectionOf(useLedgerSelection.getState(), view)[record.id] === undefined, false);
      else flag(record.id, action.flag);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keyState, flag, select, navigate, setActive, virtualizer, sessionId]);
}
