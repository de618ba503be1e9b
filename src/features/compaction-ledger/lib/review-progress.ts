/**
 * Where the operator is in each plugin's review queue, kept in this browser so leaving and coming
 * back resumes: when the review began (the queue keeps what was rated since) and the last event
 * reviewed (the next one is the first unrated after it).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface ReviewProgress {
  startedAt: string | null;
  after: string | null;
}

export const NO_PROGRESS: ReviewProgress = { startedAt: null, after: null };

interface ReviewProgressState {
  byPlugin: Record<string, ReviewProgress>;
  /** The daemon's start of a new review (its answer's started_at). */
  begin: (plugin: string, startedAt: string) => void;
  /** An event was reviewed: the queue continues after it. */
  reviewed: (plugin: string, compactionId: string) => void;
  restart: (plugin: string) => void;
}

export const useReviewProgress = create<ReviewProgressState>()(
  persist(
    (set) => ({
      byPlugin: {},
      begin: (plugin, startedAt) => set((s) => ({ byPlugin: { ...s.byPlugin, [plugin]: { ...(s.byPlugin[plugin] ?? NO_PROGRESS), startedAt } } })),
      reviewed: (plugin, compactionId) => set((s) => ({ byPlugin: { ...s.byPlugin, [plugin]: { ...(s.byPlugin[plugin] ?? NO_PROGRESS), after: compactionId } } })),
      restart: (plugin) =>
        set((s) => {
          const byPlugin = { ...s.byPlugin };
          delete byPlugin[plugin];
          return { byPlugin };
        }),
    }),
    { name: 'compactor.review-progress', version: 1, storage: createJSONStorage(() => localStorage) },
  ),
);
