/** Proposals pinned for comparison, per session (UI state only; at most two). */
import { create } from 'zustand';
import type { Preview } from '../../../lib/compact-preview';

export const MAX_PINNED = 2;

interface CompareState {
  pinned: Record<string, Preview[]>;
  /** Per session: previews older than this describe a list that has changed since (a commit). */
  staleBefore: Record<string, number>;
  pin: (preview: Preview) => void;
  unpin: (sessionId: string, id: string) => void;
  markStale: (sessionId: string, at?: number) => void;
}

/** Pins a preview: the same settings replace their older preview; a third pin drops the oldest. */
export function withPinned(current: readonly Preview[], preview: Preview): Preview[] {
  const others = current.filter((p) => p.hash !== preview.hash && p.id !== preview.id);
  return [...others, preview].slice(-MAX_PINNED);
}

export const useCompareStore = create<CompareState>()((set) => ({
  pinned: {},
  staleBefore: {},
  pin: (preview) => set((s) => ({ pinned: { ...s.pinned, [preview.sessionId]: withPinned(s.pinned[preview.sessionId] ?? [], preview) } })),
  unpin: (sessionId, id) => set((s) => ({ pinned: { ...s.pinned, [sessionId]: (s.pinned[sessionId] ?? []).filter((p) => p.id !== id) } })),
  markStale: (sessionId, at = Date.now()) => set((s) => ({ staleBefore: { ...s.staleBefore, [sessionId]: at } })),
}));

const NONE: readonly Preview[] = [];

export function usePinned(sessionId: string): readonly Preview[] {
  return useCompareStore((s) => s.pinned[sessionId] ?? NONE);
}

export function useStaleBefore(sessionId: string): number {
  return useCompareStore((s) => s.staleBefore[sessionId] ?? 0);
}
