/** Proposals pinned for comparison, per session (UI state only; at most two). */
import { create } from 'zustand';
import type { Preview } from '../../../lib/compact-preview';

export const MAX_PINNED = 2;

interface CompareState {
  pinned: Record<string, Preview[]>;
  pin: (preview: Preview) => void;
  unpin: (sessionId: string, id: string) => void;
}

/** Pins a preview: the same settings replace their older preview; a third pin drops the oldest. */
export function withPinned(current: readonly Preview[], preview: Preview): Preview[] {
  const others = current.filter((p) => p.hash !== preview.hash && p.id !== preview.id);
  return [...others, preview].slice(-MAX_PINNED);
}

export const useCompareStore = create<CompareState>()((set) => ({
  pinned: {},
  pin: (preview) => set((s) => ({ pinned: { ...s.pinned, [preview.sessionId]: withPinned(s.pinned[preview.sessionId] ?? [], preview) } })),
  unpin: (sessionId, id) => set((s) => ({ pinned: { ...s.pinned, [sessionId]: (s.pinned[sessionId] ?? []).filter((p) => p.id !== id) } })),
}));

const NONE: readonly Preview[] = [];

export function usePinned(sessionId: string): readonly Preview[] {
  return useCompareStore((s) => s.pinned[sessionId] ?? NONE);
}
