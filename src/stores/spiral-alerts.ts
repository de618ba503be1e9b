/**
 * Spirals that started while this page was open and the operator has not seen yet (the top bar's
 * badge), and whether the operator asked for a browser notification when one starts (remembered
 * in this browser). UI state only: the report itself is server state (react-query); the app's
 * spiral watch feeds each answer to `observe`, the health view's visit marks them seen.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { addUnseen, watchSpirals, type StartedSpiral } from '../domain/spiral-watch';
import type { Schemas } from '../domain/contract/types';

interface SpiralAlertsState {
  /** Sessions spiralling in the last report read (null until the first, the baseline). */
  known: string[] | null;
  /** Started since the page loaded and not seen yet. */
  unseen: StartedSpiral[];
  /** The operator opted in to a browser notification per started spiral. */
  notify: boolean;
  /** Takes a report; answers the spirals it started (none for the first). */
  observe: (items: readonly Schemas['SpiralSession'][]) => StartedSpiral[];
  markSeen: () => void;
  setNotify: (notify: boolean) => void;
}

export const useSpiralAlerts = create<SpiralAlertsState>()(
  persist(
    (set, get) => ({
      known: null,
      unseen: [],
      notify: false,
      observe: (items) => {
        const step = watchSpirals(get().known, items);
        set((s) => ({ known: step.known, unseen: step.started.length > 0 ? addUnseen(s.unseen, step.started) : s.unseen }));
        return step.started;
      },
      markSeen: () => {
        if (get().unseen.length > 0) set({ unseen: [] });
      },
      setNotify: (notify) => set({ notify }),
    }),
    {
      name: 'compactor.spiral-alerts',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ notify }) => ({ notify }),
      merge: (persisted, current) => ({ ...current, notify: (persisted as { notify?: unknown } | null)?.notify === true }),
    },
  ),
);
