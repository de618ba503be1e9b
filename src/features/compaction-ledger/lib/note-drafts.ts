/**
 * Notes being typed, kept in this browser until the daemon has them: a reload, a crash or a
 * failed save loses nothing. A draft remembers what it was based on (the record's version and
 * notes when typing began), so a save can tell "I am editing the current notes" from "somebody
 * changed them meanwhile" — the latter is sent with the old version and gets a 409 to resolve,
 * never silently overwriting the other edit.
 */
import { create } from 'zustand';
import type { CompactionRecord } from '../../../domain/contract/types';

export interface NoteDraft {
  text: string;
  /** The record's version when typing began. */
  baseVersion: number;
  /** The record's notes when typing began. */
  baseNotes: string | null;
  updatedAt: number;
}

export type Drafts = Readonly<Record<string, NoteDraft>>;

export function draftKey(sessionId: string, compactionId: string): string {
  return `${sessionId}/${compactionId}`;
}

/** The drafts after the operator typed `text`; typing back to the saved notes leaves no draft. */
export function editDraft(drafts: Drafts, key: string, text: string, record: Pick<CompactionRecord, 'version' | 'operator_notes'>, now: number = Date.now()): Drafts {
  const existing = drafts[key];
  const base = existing ?? { baseVersion: record.version, baseNotes: record.operator_notes };
  if (text === (base.baseNotes ?? '') && (existing === undefined || record.operator_notes === base.baseNotes)) return withoutDraft(drafts, key);
  return { ...drafts, [key]: { text, baseVersion: base.baseVersion, baseNotes: base.baseNotes, updatedAt: now } };
}

/** The drafts after a save of `savedText` succeeded: cleared unless the operator typed on meanwhile. */
export function clearSavedDraft(drafts: Drafts, key: string, savedText: string): Drafts {
  const draft = drafts[key];
  if (!draft || draft.text !== savedText) return drafts;
  return withoutDraft(drafts, key);
}

/** The drafts with this one rebased on the record (after "keep mine" re-saves against the current version). */
export function rebaseDraft(drafts: Drafts, key: string, record: Pick<CompactionRecord, 'version' | 'operator_notes'>): Drafts {
  const draft = drafts[key];
  if (!draft) return drafts;
  return { ...drafts, [key]: { ...draft, baseVersion: record.version, baseNotes: record.operator_notes } };
}

export function withoutDraft(drafts: Drafts, key: string): Drafts {
  if (!(key in drafts)) return drafts;
  const next = { ...drafts };
  delete next[key];
  return next;
}

export type DraftState = 'saved' | 'unsaved' | 'changed-elsewhere';

/** Whether the editor shows the saved notes, an unsaved draft, or a draft whose notes changed underneath. */
export function draftState(draft: NoteDraft | undefined, record: Pick<CompactionRecord, 'operator_notes'>): DraftState {
  if (!draft) return 'saved';
  return record.operator_notes === draft.baseNotes ? 'unsaved' : 'changed-elsewhere';
}

/**
 * The version to save a draft with: the current one while the notes are still those the draft
 * started from (a flag changed meanwhile does not conflict with notes), else the draft's own base,
 * which the daemon will refuse with 409 so the operator sees both.
 */
export function versionForDraft(draft: NoteDraft | undefined, record: Pick<CompactionRecord, 'version' | 'operator_notes'>): number {
  if (!draft) return record.version;
  return record.operator_notes === draft.baseNotes ? record.version : draft.baseVersion;
}

/** Drafts older than this are dropped when the store loads (a month). */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

interface NoteDraftsState {
  drafts: Drafts;
  edit: (key: string, text: string, record: Pick<CompactionRecord, 'version' | 'operator_notes'>) => void;
  saved: (key: string, savedText: string) => void;
  rebase: (key: string, record: Pick<CompactionRecord, 'version' | 'operator_notes'>) => void;
  discard: (key: string) => void;
}

/**
 * Each draft is its own localStorage entry (compactor.note-draft:<session>/<compaction>), written
 * on every keystroke: two tabs typing notes for different events never overwrite each other's.
 */
export const DRAFT_STORAGE_PREFIX = 'compactor.note-draft:';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isDraft(value: unknown): value is NoteDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.text === 'string' &&
    typeof draft.baseVersion === 'number' &&
    (draft.baseNotes === null || typeof draft.baseNotes === 'string') &&
    typeof draft.updatedAt === 'number'
  );
}

/** The drafts kept in this browser (unreadable or expired entries are removed). */
export function loadDrafts(store: Storage | null = storage(), now: number = Date.now()): Drafts {
  if (!store) return {};
  const drafts: Record<string, NoteDraft> = {};
  const stale: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const name = store.key(i);
    if (!name?.startsWith(DRAFT_STORAGE_PREFIX)) continue;
    try {
      const value: unknown = JSON.parse(store.getItem(name) ?? 'null');
      if (isDraft(value) && now - value.updatedAt < DRAFT_MAX_AGE_MS) drafts[name.slice(DRAFT_STORAGE_PREFIX.length)] = value;
      else stale.push(name);
    } catch {
      stale.push(name);
    }
  }
  for (const name of stale) store.removeItem(name);
  return drafts;
}

/** Writes the entries that differ between `before` and `after`. */
export function persistDraftChanges(before: Drafts, after: Drafts, store: Storage | null = storage()): void {
  if (!store || before === after) return;
  try {
    for (const key of Object.keys(before)) if (!(key in after)) store.removeItem(DRAFT_STORAGE_PREFIX + key);
    for (const [key, draft] of Object.entries(after)) if (before[key] !== draft) store.setItem(DRAFT_STORAGE_PREFIX + key, JSON.stringify(draft));
  } catch (error) {
    // Full or disabled storage: the draft still lives in memory until the tab closes.
    console.warn('Could not keep the note draft in this browser', error);
  }
}

export const useNoteDrafts = create<NoteDraftsState>()((set, get) => {
  const change = (next: (drafts: Drafts) => Drafts) => {
    const before = get().drafts;
    const after = next(before);
    if (after === before) return;
    persistDraftChanges(before, after);
    set({ drafts: after });
  };
  return {
    drafts: loadDrafts(),
    edit: (key, text, record) => change((drafts) => editDraft(drafts, key, text, record)),
    saved: (key, savedText) => change((drafts) => clearSavedDraft(drafts, key, savedText)),
    rebase: (key, record) => change((drafts) => rebaseDraft(drafts, key, record)),
    discard: (key) => change((drafts) => withoutDraft(drafts, key)),
  };
});
