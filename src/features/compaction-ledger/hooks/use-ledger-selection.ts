import { create } from 'zustand';

/**
 * The events ticked in one ledger view (session + filters) for a bulk flag or note. A selection
 * belongs to the view it was made in: another view starts with none, so a bulk edit never reaches
 * events the operator no longer sees. Kept while the operator opens an event and comes back.
 */
interface LedgerSelectionState {
  view: string | null;
  /** Compaction id → its session, in the order ticked. */
  selected: Record<string, string>;
  /** The event last ticked or unticked: Shift+click ticks the range from it. */
  anchor: string | null;
  /** Ticks (on) or unticks the events, in this view. */
  set: (view: string, events: readonly (readonly [id: string, sessionId: string])[], on: boolean) => void;
  /** Keeps only these events ticked (after a bulk edit: those it could not finish). */
  keep: (view: string, ids: readonly string[]) => void;
  clear: () => void;
}

export const useLedgerSelection = create<LedgerSelectionState>()((set) => ({
  view: null,
  selected: {},
  anchor: null,
  set: (view, events, on) =>
    set((s) => {
      const selected = s.view === view ? { ...s.selected } : {};
      for (const [id, sessionId] of events) {
        if (on) selected[id] = sessionId;
        else delete selected[id];
      }
      return { view, selected, anchor: events[events.length - 1]?.[0] ?? s.anchor };
    }),
  keep: (view, ids) =>
    set((s) => {
      if (s.view !== view) return s;
      const selected: Record<string, string> = {};
      for (const id of ids) if (s.selected[id] !== undefined) selected[id] = s.selected[id];
      return { selected };
    }),
  clear: () => set({ view: null, selected: {}, anchor: null }),
}));

/** The events ticked in this view (none when the selection belongs to another). */
export function selectionOf(state: Pick<LedgerSelectionState, 'view' | 'selected'>, view: string): Record<string, string> {
  return state.view === view ? state.selected : NONE;
}

const NONE: Record<string, string> = {};

/** The ids from `from` to `to` (either order) in the view's order; just `to` when `from` is not in it. */
export function idRange(ids: readonly string[], from: string | null, to: string): string[] {
  const a = from === null ? -1 : ids.indexOf(from);
  const b = ids.indexOf(to);
  if (a < 0 || b < 0) return [to];
  return ids.slice(Math.min(a, b), Math.max(a, b) + 1);
}
