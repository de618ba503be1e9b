import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../test-support/memory-storage';
import { KNOB_EDITS_PREFIX, layDraft, loadKnobEdits, pendingEditsKey, storedBaseVersion, storedDraft } from './pending-knob-edits';

describe('pending knob edits store helpers', () => {
  it('lays a draft over another: its values win and its keys leave the unset list', () => {
    const base = { set: { strategy: 'drop', upper_threshold: 0.8 }, unset: ['lower_threshold', 'summarize.model'] };
    const over = { set: { lower_threshold: 0.5, strategy: 'summarize' }, unset: ['upper_threshold'] };
    expect(layDraft(base, over)).toEqual({ set: { strategy: 'summarize', lower_threshold: 0.5 }, unset: ['summarize.model', 'upper_threshold'] });
  });

  it('reads stored drafts defensively: a wrong shape counts as no edits', () => {
    const key = pendingEditsKey('s', 'primary');
    expect(storedDraft({ [key]: 'garbage' }, key)).toEqual({ set: {}, unset: [] });
    expect(storedDraft({ [key]: { set: [], unset: [1, 'a'] } }, key)).toEqual({ set: {}, unset: ['a'] });
    expect(storedDraft({ [key]: { set: { a: 1 }, unset: [] } }, key)).toEqual({ set: { a: 1 }, unset: [] });
    expect(storedDraft({}, key)).toEqual({ set: {}, unset: [] });
  });

  it('keeps the version the edits were made on, when it is one', () => {
    const key = pendingEditsKey('s', 'primary');
    expect(storedBaseVersion({ [key]: { set: {}, unset: [], version: 3 } }, key)).toBe(3);
    expect(storedBaseVersion({ [key]: { set: {}, unset: [], version: '3' } }, key)).toBeNull();
    expect(storedBaseVersion({ [key]: { set: {}, unset: [], version: 0 } }, key)).toBeNull();
    expect(storedBaseVersion({}, key)).toBeNull();
  });
});

describe('pending knob edits kept in the browser', () => {
  it('keeps each agent in its own entry and moves the old shared entry into them', () => {
    const store = new MemoryStorage();
    const own = pendingEditsKey('ses_x', 'primary');
    store.setItem(KNOB_EDITS_PREFIX + own, JSON.stringify({ set: { upper_threshold: 0.7 }, unset: [], version: 2 }));
    const shared = { [own]: { set: { upper_threshold: 0.5 }, unset: [], version: 1 }, [pendingEditsKey('ses_y', 'primary')]: { set: { strategy: 'drop' }, unset: [], version: 4 } };
    store.setItem('compactor.knob-edits', JSON.stringify({ state: { drafts: shared }, version: 1 }));
    const drafts = loadKnobEdits(store);
    // The per-agent entry is newer than the shared one: it wins.
    expect(drafts[own]).toEqual({ set: { upper_threshold: 0.7 }, unset: [], version: 2 });
    expect(drafts[pendingEditsKey('ses_y', 'primary')]).toEqual({ set: { strategy: 'drop' }, unset: [], version: 4 });
    expect(store.getItem('compactor.knob-edits')).toBeNull();
    expect(store.getItem(KNOB_EDITS_PREFIX + pendingEditsKey('ses_y', 'primary'))).not.toBeNull();
  });

  it('drops entries of the wrong shape', () => {
    const store = new MemoryStorage();
    store.setItem(`${KNOB_EDITS_PREFIX}ses\nprimary`, '[1]');
    store.setItem('compactor.knob-edits', 'garbage');
    expect(loadKnobEdits(store)).toEqual({});
    expect(store.length).toBe(0);
  });
});
