/**
 * Notes being typed, kept in this browser until the daemon has them: a reload, a crash or a
 * failed save loses nothing. A draft remembers what it was based on (the record's version and
 * notes when typing began), so a save can tell "I am editing the current notes" from "somebody
 * changed them meanwhile" — the latter is sent with the old version and gets a 409 to resolve,
 * never silently overwriting the other edit.
 */
import { create } from 'zustand';
import type { CompactionRecord } from '../../../domain/contract/types';
import { browserStorage, holdTabLock, liveTabs, loadEntries, onOtherTabEntry, tabId, writeEntry, writeEntryChanges } from '../../../lib/browser-entries';

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
 * Each draft is its own localStorage entry per tab (compactor.note-draft:<session>/<compaction>@<tab>,
 * lib/browser-entries), written on every keystroke: two tabs typing notes, for different events or
 * the same one, never overwrite or clear each other's; after one saves, the other's draft is still
 * there (its save then gets the 409 showing both). A tab without its own draft of an event takes
 * over the newest a closed or crashed tab left (tabs hold a Web Lock while open: lib/browser-entries).
 */
export const DRAFT_STORAGE_PREFIX = 'compactor.note-draft:';

const parseDraft = (now: number) => (value: unknown): NoteDraft | null => (isDraft(value) && now - value.updatedAt < DRAFT_MAX_AGE_MS ? value : null);

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

/** An entry's key (draftKey) and the tab that wrote it ('' for an entry from before drafts were per tab). */
function splitEntry(name: string): { key: string; tab: string } {
  const at = name.lastIndexOf('@');
  return at < 0 ? { key: name, tab: '' } : { key: name.slice(0, at), tab: name.slice(at + 1) };
}

const entriesOf = (drafts: Drafts, tab: string): Record<string, NoteDraft> => Object.fromEntries(Object.entries(drafts).map(([key, draft]) => [`${key}@${tab}`, draft]));

/** This tab's drafts kept in this browser (unreadable or expired entries are removed). */
export function loadDrafts(store: Storage | null = browserStorage(), now: number = Date.now(), tab: string = tabId()): Drafts {
  const own: Record<string, NoteDraft> = {};
  for (const [name, draft] of Object.entries(loadEntries(DRAFT_STORAGE_PREFIX, parseDraft(now), store))) {
    const { key, tab: writer } = splitEntry(name);
    if (writer === tab) own[key] = draft;
  }
  return own;
}

/**
 * The drafts closed tabs left (those not in `live`; all others when that is unknown) of events
 * this tab has none of in `own`, the newest of each, taken over: moved to this tab's entries.
 */
export function takeOverLeftDrafts(own: Drafts, live: ReadonlySet<string> | null, store: Storage | null = browserStorage(), now: number = Date.now(), tab: string = tabId()): Drafts {
  const left: Record<string, { name: string; draft: NoteDraft }> = {};
  for (const [name, draft] of Object.entries(loadEntries(DRAFT_STORAGE_PREFIX, parseDraft(now), store))) {
    const { key, tab: writer } = splitEntry(name);
    if (writer === tab || key in own || live?.has(writer)) continue;
    if (!left[key] || left[key].draft.updatedAt < draft.updatedAt) left[key] = { name, draft };
  }
  const taken: Record<string, NoteDraft> = {};
  for (const [key, { name, draft }] of Object.entries(left)) {
    taken[key] = draft;
    writeEntry(DRAFT_STORAGE_PREFIX, `${key}@${tab}`, draft, store);
    writeEntry(DRAFT_STORAGE_PREFIX, name, null, store);
  }
  return taken;
}

/** Writes this tab's entries that differ between `before` and `after`. */
export function persistDraftChanges(before: Drafts, after: Drafts, store: Storage | null = browserStorage(), tab: string = tabId()): void {
  if (before !== after) writeEntryChanges(DRAFT_STORAGE_PREFIX, entriesOf(before, tab), entriesOf(after, tab), store);
}

export const useNoteDrafts = create<NoteDraftsState>()((set, get) => {
  const tab = tabId();
  holdTabLock();
  // A draft a closed tab left is taken over (a live tab's stays its own); one taken by mistake (a tab reloading) is written back by its tab.
  void liveTabs().then((live) => {
    const taken = takeOverLeftDrafts(get().drafts, live, browserStorage(), Date.now(), tab);
    if (Object.keys(taken).length > 0) set({ drafts: { ...taken, ...get().drafts } });
  });
  onOtherTabEntry(DRAFT_STORAGE_PREFIX, (name, value) => {
    const { key, tab: writer } = splitEntry(name);
    const draft = get().drafts[key];
    if (writer === tab && value === null && draft) writeEntry(DRAFT_STORAGE_PREFIX, name, draft);
  });
  const change = (next: (drafts: Drafts) => Drafts) => {
    const before = get().drafts;
    const after = next(before);
    if (after === before) return;
    persistDraftChanges(before, after, browserStorage(), tab);
    set({ drafts: after });
  };
  return {
    drafts: loadDrafts(browserStorage(), Date.now(), tab),
    edit: (key, text, record) => change((drafts) => editDraft(drafts, key, text, record)),
    saved: (key, savedText) => change((drafts) => clearSavedDraft(drafts, key, savedText)),
    rebase: (key, record) => change((drafts) => rebaseDraft(drafts, key, record)),
    discard: (key) => change((drafts) => withoutDraft(drafts, key)),
  };
});
