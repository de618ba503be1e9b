import { describe, expect, it } from 'vitest';
import { layDraft, pendingEditsKey, storedBaseVersion, storedDraft } from './pending-knob-edits';

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
