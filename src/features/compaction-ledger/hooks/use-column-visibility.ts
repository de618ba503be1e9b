import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Which ledger columns are hidden (column id → false), remembered in this browser. */
interface ColumnVisibilityState {
  visibility: Record<string, boolean>;
  setVisibility: (visibility: Record<string, boolean>) => void;
  reset: () => void;
}

export const useLedgerColumns = create<ColumnVisibilityState>()(
  persist(
    (set) => ({
      visibility: {},
      setVisibility: (visibility) => set({ visibility }),
      reset: () => set({ visibility: {} }),
    }),
    { name: 'compactor.ledger-columns', version: 1, storage: createJSONStorage(() => localStorage) },
  ),
);
