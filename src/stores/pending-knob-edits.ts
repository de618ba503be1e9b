// Unsaved knob edits, per session and agent, kept in this browser (localStorage, one entry per
// agent, so tabs editing other agents never overwrite each other's) so they survive navigation,
// a reload and another tab. The knobs screen edits them; the manual-compact modal's "Save as the
// agent's settings" hands its overrides over through mergeDraft. Entries are plain JSON and are
// read back defensively by whoever uses them (features/knobs/lib/pending-changes parseStoredEdits).

import { create } from 'zustand';
import { browserStorage, loadEntries, onOtherTabEntry, readEntry, writeEntry, writeEntryChanges } from '../lib/browser-entries';
import type { ConfigDraft } from '../domain/knobs/config-write';

export const pendingEditsKey = (sessionId: string, agentPath: string): string => `${sessionId}\n${agentPath}`;

interface PendingEditsState {
  /** pendingEditsKey → { set, unset } as last written (unknown: storage is not trusted). */
  drafts: Record<string, unknown>;
  /**
   * Replaces an agent's draft; an empty one is removed. `baseVersion` is the config version the
   * edits were made on (saved with them, so a newer save elsewhere answers 409 instead of being
   * overwritten).
   */
  setDraft: (sessionId: string, agentPath: string, draft: Required<ConfigDraft>, baseVersion: number | null) => void;
  /** Lays `draft` over the agent's draft (its values win; its keys leave the unset list). */
  mergeDraft: (sessionId: string, agentPath: string, draft: Required<ConfigDraft>) => void;
  clearDraft: (sessionId: string, agentPath: string) => void;
}

const isEmptyDraft = (d: Required<ConfigDraft>): boolean => Object.keys(d.set).length === 0 && d.unset.length === 0;

function withDraft(drafts: Record<string, unknown>, key: string, draft: Required<ConfigDraft> | null, baseVersion: number | null = null): Record<string, unknown> {
  const next = { ...drafts };
  if (draft === null || isEmptyDraft(draft)) delete next[key];
  else next[key] = { set: { ...draft.set }, unset: [...draft.unset], version: baseVersion };
  return next;
}

/** The config version a stored draft was made on; null when unknown (handed over from the manual-compact modal). */
export function storedBaseVersion(drafts: Record<string, unknown>, key: string): number | null {
  const version = (drafts[key] as { version?: unknown } | undefined)?.version;
  return typeof version === 'number' && Number.isInteger(version) && version >= 1 ? version : null;
}

/** The draft stored under a key when it has the right shape; anything else counts as none. */
export function storedDraft(drafts: Record<string, unknown>, key: string): Required<ConfigDraft> {
  const raw = drafts[key] as { set?: unknown; unset?: unknown } | undefined;
  const set = raw && typeof raw.set === 'object' && raw.set !== null && !Array.isArray(raw.set) ? (raw.set as Record<string, unknown>) : {};
  const unset = raw && Array.isArray(raw.unset) ? raw.unset.filter((k): k is string => typeof k === 'string') : [];
  return { set, unset };
}

/** `over` laid on `base`: its values win, and a key it sets no longer returns to inheriting. */
export function layDraft(base: Required<ConfigDraft>, over: Required<ConfigDraft>): Required<ConfigDraft> {
  const set = { ...base.set, ...over.set };
  for (const key of over.unset) delete set[key];
  const unset = [...new Set([...base.unset.filter((k) => !(k in over.set)), ...over.unset])];
  return { set, unset };
}

/** Each agent's edits are their own entry, `compactor.knob-edits:<session>\n<agent>` (lib/browser-entries). */
export const KNOB_EDITS_PREFIX = 'compactor.knob-edits:';
/** Where every tab's edits once shared one entry (replaced by one entry per agent; read once, then removed). */
const SHARED_ENTRY = 'compactor.knob-edits';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The drafts kept in this browser: one entry per agent, plus those left in the old shared entry. */
export function loadKnobEdits(store: Storage | null = browserStorage()): Record<string, unknown> {
  const drafts = loadEntries(KNOB_EDITS_PREFIX, (value) => (isObject(value) ? value : null), store);
  const shared = readEntry('', SHARED_ENTRY, (value) => (isObject(value) && isObject(value.state) && isObject(value.state.drafts) ? value.state.drafts : null), store) ?? {};
  const moved = Object.fromEntries(Object.entries(shared).filter(([key, draft]) => !(key in drafts) && isObject(draft)));
  writeEntryChanges(KNOB_EDITS_PREFIX, {}, moved, store);
  if (store?.getItem(SHARED_ENTRY) != null) writeEntry('', SHARED_ENTRY, null, store);
  return { ...moved, ...drafts };
}

export const usePendingEditsStore = create<PendingEditsState>()((set, get) => {
  const change = (next: (drafts: Record<string, unknown>) => Record<string, unknown>) => {
    const before = get().drafts;
    const after = next(before);
    writeEntryChanges(KNOB_EDITS_PREFIX, before, after);
    set({ drafts: after });
  };
  // Another tab's edit of the same agent shows here as it is made (the form shows the store), instead of the next write here overwriting it.
  onOtherTabEntry(KNOB_EDITS_PREFIX, (key, value) => {
    const drafts = { ...get().drafts };
    if (isObject(value)) drafts[key] = value;
    else delete drafts[key];
    set({ drafts });
  });
  return {
    drafts: loadKnobEdits(),
    setDraft: (sessionId, agentPath, draft, baseVersion) => change((drafts) => withDraft(drafts, pendingEditsKey(sessionId, agentPath), draft, baseVersion)),
    mergeDraft: (sessionId, agentPath, draft) => {
      const key = pendingEditsKey(sessionId, agentPath);
      change((drafts) => withDraft(drafts, key, layDraft(storedDraft(drafts, key), draft), storedBaseVersion(drafts, key)));
    },
    clearDraft: (sessionId, agentPath) => change((drafts) => withDraft(drafts, pendingEditsKey(sessionId, agentPath), null)),
  };
});
