/**
 * Proposals pinned for comparison, per session (UI state; at most three), kept in this browser so
 * that a reload or a failed commit does not lose them (compact-drafts.ts).
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { Preview } from '../../../domain/compaction/compact-preview';
import { keepPins, loadPins } from './compact-drafts';

export const MAX_PINNED = 3;

interface CompareState {
  pinned: Record<string, Preview[]>;
  /** Reads the session's kept pins once (nothing happens when they are already in memory). */
  hydrate: (sessionId: string) => void;
  pin: (preview: Preview) => void;
  unpin: (sessionId: string, id: string) => void;
}

/** Whether pinning `preview` replaces a pin (the same settings' older preview) rather than adding one. */
function replacesPin(current: readonly Preview[], preview: Preview): boolean {
  return current.some((p) => p.hash === preview.hash || p.id === preview.id);
}

/** Whether `preview` can be pinned: room for it, or it replaces the same settings' older preview. */
export function canPinMore(current: readonly Preview[], preview: Preview): boolean {
  return current.length < MAX_PINNED || replacesPin(current, preview);
}

/**
 * Pins a preview: the same settings replace their older preview (in its place); with MAX_PINNED
 * pinned already, a new one is refused (the pins unchanged: the operator unpins one first), never
 * dropping one silently.
 */
export function withPinned(current: readonly Preview[], preview: Preview): Preview[] {
  if (!canPinMore(current, preview)) return [...current];
  if (!replacesPin(current, preview)) return [...current, preview];
  return current.map((p) => (p.hash === preview.hash || p.id === preview.id ? preview : p));
}

export const useCompareStore = create<CompareState>()((set, get) => {
  const update = (sessionId: string, next: (current: Preview[]) => Preview[]) => {
    const pins = next(get().pinned[sessionId] ?? loadPins(sessionId));
    keepPins(sessionId, pins);
    set((s) => ({ pinned: { ...s.pinned, [sessionId]: pins } }));
  };
  return {
    pinned: {},
    hydrate: (sessionId) => {
      if (get().pinned[sessionId] !== undefined) return;
      set((s) => ({ pinned: { ...s.pinned, [sessionId]: loadPins(sessionId) } }));
    },
    pin: (preview) => update(preview.sessionId, (current) => withPinned(current, preview)),
    unpin: (sessionId, id) => update(sessionId, (current) => current.filter((p) => p.id !== id)),
  };
});

const NONE: readonly Preview[] = [];

export function usePinned(sessionId: string): readonly Preview[] {
  const hydrate = useCompareStore((s) => s.hydrate);
  useEffect(() => hydrate(sessionId), [hydrate, sessionId]);
  return useCompareStore((s) => s.pinned[sessionId] ?? NONE);
}
