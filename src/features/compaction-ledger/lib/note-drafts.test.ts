import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../test-support/memory-storage';
import {
  clearSavedDraft,
  DRAFT_MAX_AGE_MS,
  DRAFT_STORAGE_PREFIX,
  draftKey,
  draftState,
  editDraft,
  loadDrafts,
  takeOverLeftDrafts,
  persistDraftChanges,
  rebaseDraft,
  versionForDraft,
  type Drafts,
} from './note-drafts';

const KEY = draftKey('ses_1', 'cmp_1');
const record = { version: 3, operator_notes: 'saved notes' };

describe('editing a draft', () => {
  it('starts a draft based on the record as it was when typing began', () => {
    const drafts = editDraft({}, KEY, 'saved notes, more', record, 1000);
    expect(drafts[KEY]).toEqual({ text: 'saved notes, more', baseVersion: 3, baseNotes: 'saved notes', updatedAt: 1000 });
  });

  it('keeps the base while typing on, even when the record moves on', () => {
    const first = editDraft({}, KEY, 'a', record, 1);
    const second = editDraft(first, KEY, 'ab', { version: 4, operator_notes: 'other tab' }, 2);
    expect(second[KEY]).toMatchObject({ text: 'ab', baseVersion: 3, baseNotes: 'saved notes' });
  });

  it('leaves no draft when the text is typed back to the saved notes', () => {
    const drafts = editDraft({}, KEY, 'saved notes!', record);
    expect(editDraft(drafts, KEY, 'saved notes', record)).toEqual({});
    expect(editDraft({}, KEY, '', { version: 1, operator_notes: null })).toEqual({});
  });

  it('keeps a draft equal to its base when the notes changed elsewhere (the operator may mean it)', () => {
    const drafts = editDraft({}, KEY, 'x', record);
    expect(editDraft(drafts, KEY, 'saved notes', { version: 4, operator_notes: 'changed' })[KEY]?.text).toBe('saved notes');
  });
});

describe('after a save', () => {
  it('clears the draft that was saved', () => {
    const drafts = editDraft({}, KEY, 'new', record);
    expect(clearSavedDraft(drafts, KEY, 'new')).toEqual({});
  });

  it('keeps a draft typed on while the save was in flight', () => {
    const drafts = editDraft({}, KEY, 'newer', record);
    expect(clearSavedDraft(drafts, KEY, 'new')).toBe(drafts);
  });

  it('rebases a kept draft on the current record', () => {
    const drafts = editDraft({}, KEY, 'mine', record);
    expect(rebaseDraft(drafts, KEY, { version: 7, operator_notes: 'theirs' })[KEY]).toMatchObject({ baseVersion: 7, baseNotes: 'theirs', text: 'mine' });
  });
});

describe('draft state and the version to save with', () => {
  it('has no draft: saved, current version', () => {
    expect(draftState(undefined, record)).toBe('saved');
    expect(versionForDraft(undefined, record)).toBe(3);
  });

  it('sends the current version while the notes are the ones the draft started from', () => {
    const draft = editDraft({}, KEY, 'mine', record)[KEY];
    const flaggedMeanwhile = { version: 4, operator_notes: 'saved notes' };
    expect(draftState(draft, flaggedMeanwhile)).toBe('unsaved');
    expect(versionForDraft(draft, flaggedMeanwhile)).toBe(4);
  });

  it('sends the draft’s own base once the notes changed elsewhere, so the daemon answers 409', () => {
    const draft = editDraft({}, KEY, 'mine', record)[KEY];
    const editedElsewhere = { version: 4, operator_notes: 'theirs' };
    expect(draftState(draft, editedElsewhere)).toBe('changed-elsewhere');
    expect(versionForDraft(draft, editedElsewhere)).toBe(3);
  });
});

describe('keeping drafts in the browser', () => {
  it('writes each draft to its own entry and reads them back', () => {
    const store = new MemoryStorage();
    const a = editDraft({}, 'ses/a', 'note a', record, Date.now());
    persistDraftChanges({}, a, store);
    const ab = editDraft(a, 'ses/b', 'note b', record, Date.now());
    persistDraftChanges(a, ab, store);
    expect(store.length).toBe(2);
    expect(loadDrafts(store)).toEqual(ab);
  });

  it('removes the entry of a cleared draft only', () => {
    const store = new MemoryStorage();
    const drafts = editDraft(editDraft({}, 'ses/a', 'a', record), 'ses/b', 'b', record);
    persistDraftChanges({}, drafts, store);
    const after = clearSavedDraft(drafts, 'ses/a', 'a');
    persistDraftChanges(drafts, after, store);
    expect(Object.keys(loadDrafts(store))).toEqual(['ses/b']);
  });

  it('does not overwrite another tab’s draft of another event', () => {
    const store = new MemoryStorage();
    const tabA = editDraft({}, 'ses/a', 'from tab A', record);
    persistDraftChanges({}, tabA, store);
    const tabB: Drafts = editDraft({}, 'ses/b', 'from tab B', record);
    persistDraftChanges({}, tabB, store);
    expect(Object.keys(loadDrafts(store)).sort()).toEqual(['ses/a', 'ses/b']);
  });

  it('keeps two tabs’ drafts of the same event apart: after one saves, the other’s is still there', () => {
    const store = new MemoryStorage();
    const tabA = editDraft({}, 'ses/a', 'from tab A', record);
    persistDraftChanges({}, tabA, store, 'A');
    const tabB = editDraft({}, 'ses/a', 'from tab B', record);
    persistDraftChanges({}, tabB, store, 'B');
    persistDraftChanges(tabA, clearSavedDraft(tabA, 'ses/a', 'from tab A'), store, 'A');
    expect(loadDrafts(store, Date.now(), 'B')['ses/a']?.text).toBe('from tab B');
  });

  it('takes over the newest draft a closed tab left of an event it has none of (moving it), never a live tab’s nor over its own', () => {
    const store = new MemoryStorage();
    const now = Date.now();
    persistDraftChanges({}, editDraft({}, 'ses/a', 'older', record, now - 2000), store, 'A');
    persistDraftChanges({}, editDraft({}, 'ses/a', 'newer', record, now - 1000), store, 'B');
    persistDraftChanges({}, editDraft({}, 'ses/c', 'live tab’s', record, now - 1000), store, 'L');
    persistDraftChanges({}, editDraft({}, 'ses/b', 'mine', record, now - 3000), store, 'C');
    store.setItem(`${DRAFT_STORAGE_PREFIX}ses/b`, JSON.stringify({ text: 'from before tabs', baseVersion: 3, baseNotes: null, updatedAt: now }));
    const own = loadDrafts(store, now, 'C');
    expect(Object.keys(own)).toEqual(['ses/b']);
    const taken = takeOverLeftDrafts(own, new Set(['C', 'L']), store, now, 'C');
    expect(Object.keys(taken)).toEqual(['ses/a']);
    expect(taken['ses/a']?.text).toBe('newer');
    expect(store.getItem(`${DRAFT_STORAGE_PREFIX}ses/a@B`)).toBeNull();
    expect(store.getItem(`${DRAFT_STORAGE_PREFIX}ses/a@C`)).not.toBeNull();
    expect(store.getItem(`${DRAFT_STORAGE_PREFIX}ses/c@L`)).not.toBeNull();
    // Without a way to tell live tabs (no Web Locks), every other tab's counts as left.
    expect(Object.keys(takeOverLeftDrafts(loadDrafts(store, now, 'D'), null, store, now, 'D')).sort()).toEqual(['ses/a', 'ses/b', 'ses/c']);
  });

  it('drops unreadable and month-old entries, and leaves other keys alone', () => {
    const store = new MemoryStorage();
    const now = Date.now();
    store.setItem(`${DRAFT_STORAGE_PREFIX}ses/old`, JSON.stringify({ text: 'x', baseVersion: 1, baseNotes: null, updatedAt: now - DRAFT_MAX_AGE_MS - 1 }));
    store.setItem(`${DRAFT_STORAGE_PREFIX}ses/bad`, '{not json');
    store.setItem(`${DRAFT_STORAGE_PREFIX}ses/wrong`, JSON.stringify({ text: 1 }));
    store.setItem('compactor.settings', '{}');
    expect(loadDrafts(store, now)).toEqual({});
    expect(store.length).toBe(1);
  });

  it('works without storage at all', () => {
    expect(loadDrafts(null)).toEqual({});
    expect(() => persistDraftChanges({}, editDraft({}, 'k', 't', record), null)).not.toThrow();
  });
});
