import { useMemo } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { fitColumns, type Fit } from '../lib/column-fit';
import { FIT_COLUMNS, SESSION_COLUMN } from '../components/ledger-columns';

/**
 * The operator's column choices (column id → shown or not; absent: as the width allows),
 * remembered in this browser, and the ledger's measured width (not remembered).
 */
interface ColumnVisibilityState {
  visibility: Record<string, boolean>;
  /** The ledger grid's inner width in px, once measured. */
  width: number | null;
  setVisibility: (visibility: Record<string, boolean>) => void;
  setWidth: (width: number) => void;
  reset: () => void;
}

export const useLedgerColumns = create<ColumnVisibilityState>()(
  persist(
    (set) => ({
      visibility: {},
      width: null,
      setVisibility: (visibility) => set({ visibility }),
      setWidth: (width) => set({ width }),
      reset: () => set({ visibility: {} }),
    }),
    {
      name: 'compactor.ledger-columns',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ visibility }) => ({ visibility }),
    },
  ),
);

const SESSION_SCOPED_COLUMNS = FIT_COLUMNS.filter((column) => column.id !== SESSION_COLUMN);

/**
 * The columns shown: the operator's choices, then the least important hidden until the rest fit.
 * Within one session the session column takes no room (the table hides it).
 */
export function useFittedColumns(withSession: boolean): Fit {
  const visibility = useLedgerColumns((s) => s.visibility);
  const width = useLedgerColumns((s) => s.width);
  return useMemo(() => fitColumns(withSession ? FIT_COLUMNS : SESSION_SCOPED_COLUMNS, width, visibility), [withSession, visibility, width]);
}
