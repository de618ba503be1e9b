import { create } from 'zustand';

/**
 * The row the keyboard is on, per ledger view (session + filters), kept while the operator opens
 * events and comes back: the ledger shows where they left off.
 */
interface LedgerCursorState {
  byView: Record<string, string>;
  set: (view: string, compactionId: string | null) => void;
}

export const useLedgerCursor = create<LedgerCursorState>()((set) => ({
  byView: {},
  set: (view, compactionId) =>
    set((s) => {
      if ((s.byView[view] ?? null) === compactionId) return s;
      const byView = { ...s.byView };
      if (compactionId === null) delete byView[view];
      else byView[view] = compactionId;
      return { byView };
    }),
}));

export function ledgerViewKey(sessionId: string, searchString: string): string {
  return `${sessionId}${searchString}`;
}
