/**
 * When this tab last changed each session's message history (a committed compaction, a rollback).
 * A preview made before that describes a list that is gone, so it may not be committed. UI state
 * only: the manual-compact modal reads it, every action that changes the history marks it.
 */
import { create } from 'zustand';

interface HistoryChangesState {
  /** Per session: when the history last changed (ms since epoch). */
  changedAt: Record<string, number>;
  markChanged: (sessionId: string, at?: number) => void;
}

export const useHistoryChanges = create<HistoryChangesState>()((set) => ({
  changedAt: {},
  markChanged: (sessionId, at = Date.now()) => set((s) => ({ changedAt: { ...s.changedAt, [sessionId]: at } })),
}));

/** Previews of this session older than this describe a history that has changed since. */
export function useHistoryChangedAt(sessionId: string): number {
  return useHistoryChanges((s) => s.changedAt[sessionId] ?? 0);
}
