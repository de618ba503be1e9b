/**
 * Where the operator is in each review queue (a plugin's unrated events, or those flagged one way
 * to review again), kept in this browser so leaving and coming back resumes: when the review began
 * (the queue keeps what was rated since) and the last event reviewed (the next one is the first
 * still to review after it).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { FlagFilter } from '../../../domain/ledger-search';

export interface ReviewProgress {
  startedAt: string | null;
  after: string | null;
}

export const NO_PROGRESS: ReviewProgress = { startedAt: null, after: null };

/** A queue's key: the plugin for its unrated events (as before re-reviews existed), "plugin flag=bad" for a flag. */
export function reviewQueueKey(plugin: string, flag: FlagFilter): string {
  return flag === 'unflagged' ? plugin : `${plugin} flag=${flag}`;
}

interface ReviewProgressState {
  byQueue: Record<string, ReviewProgress>;
  /** The daemon's start of a new review (its answer's started_at). */
  begin: (queue: string, startedAt: string) => void;
  /** An event was reviewed: the queue continues after it. */
  reviewed: (queue: string, compactionId: string) => void;
  restart: (queue: string) => void;
}

export const useReviewProgress = create<ReviewProgressState>()(
  persist(
    (set) => ({
      byQueue: {},
      begin: (queue, startedAt) => set((s) => ({ byQueue: { ...s.byQueue, [queue]: { ...(s.byQueue[queue] ?? NO_PROGRESS), startedAt } } })),
      reviewed: (queue, compactionId) => set((s) => ({ byQueue: { ...s.byQueue, [queue]: { ...(s.byQueue[queue] ?? NO_PROGRESS), after: compactionId } } })),
      restart: (queue) =>
        set((s) => {
          const byQueue = { ...s.byQueue };
          delete byQueue[queue];
          return { byQueue };
        }),
    }),
    {
      name: 'compactor.review-progress',
      version: 2,
      storage: createJSONStorage(() => localStorage),
      // Version 1 kept the unrated queues by plugin: the same keys.
      migrate: (persisted, version) => (version < 2 ? { byQueue: (persisted as { byPlugin?: Record<string, ReviewProgress> }).byPlugin ?? {} } : persisted) as ReviewProgressState,
    },
  ),
);
