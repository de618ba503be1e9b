/**
 * What the operator must see about saves: the conflict to resolve (one at a time) and short
 * messages about failed or resolved saves. UI state only (zustand); the records stay in react-query.
 */
import { create } from 'zustand';
import type { CompactionRecord } from '../../../domain/contract/types';
import type { PendingSave } from '../lib/pending-saves';

export interface SaveRequest {
  sessionId: string;
  compactionId: string;
  edit: PendingSave;
  /** The version the operator edited (see note-drafts' versionForDraft). */
  baseVersion: number;
  /** The note draft this save comes from, cleared once saved. */
  draftKey?: string;
}

export interface Conflict {
  request: SaveRequest;
  /** The record as the daemon has it now (details.current of the 409). */
  current: CompactionRecord;
}

export interface Notice {
  id: number;
  tone: 'danger' | 'ok';
  title: string;
  detail?: string;
}

interface SaveFeedbackState {
  conflict: Conflict | null;
  notices: Notice[];
  showConflict: (conflict: Conflict) => void;
  closeConflict: () => void;
  notify: (notice: Omit<Notice, 'id'>) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useSaveFeedback = create<SaveFeedbackState>()((set) => ({
  conflict: null,
  notices: [],
  showConflict: (conflict) => set({ conflict }),
  closeConflict: () => set({ conflict: null }),
  notify: (notice) => set((s) => ({ notices: [...s.notices.slice(-3), { ...notice, id: nextId++ }] })),
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
}));

/** "the flag (bad)", "the notes", "the flag (none) and the notes": what a save changes, for messages. */
export function describeEdit(edit: PendingSave): string {
  const parts: string[] = [];
  if ('flag' in edit) parts.push(`the flag (${edit.flag ?? 'none'})`);
  if ('notes' in edit) parts.push(edit.notes ? 'the notes' : 'the cleared notes');
  return parts.join(' and ') || 'the change';
}
