import { describe, expect, it } from 'vitest';
import { countEdits, discard, editsAfterConflict, editValue, emptyEdits, holdsEdits, isEmpty, parseStoredEdits, pendingByAgent, pendingChanges, rebaseEdits, resetToInherited, staleConflicts, toConfigWrite } from './pending-changes';
import { exploreConfig, primaryConfig } from '../test-support/test-knobs';

const config = exploreConfig();
const defaults = new Map<string, unknown>([['strategy', 'drop'], ['upper_threshold', 0.85], ['summarize.model', null]]);

describe('editing', () => {
  it('records a changed value and drops an edit set back to the saved value', () => {
    let edits = editValue(emptyEdits(), config, 'upper_threshold', 0.8);
    expect(edits).toEqual({ set: { upper_threshold: 0.8 }, unset: [] });
    edits = editValue(edits, config, 'upper_threshold', 0.85);
    expect(isEmpty(edits)).toBe(true);
  });
  it('reset to inherited unsets an own value and discards an edit of an inherited one', () => {
    let edits = editValue(emptyEdits(), config, 'summarize.model', 'opus');
    edits = resetToInherited(edits, config, ['strategy', 'summarize.model']);
    expect(edits).toEqual({ set: {}, unset: ['strategy'] });
    // Editing the key again cancels the reset.
    expect(editValue(edits, config, 'strategy', 'summarize')).toEqual({ set: { strategy: 'summarize' }, unset: [] });
    expect(editValue(edits, config, 'strategy', 'drop')).toEqual({ set: {}, unset: [] });
  });
  it('discards edits of given keys', () => {
    const edits = { set: { a: 1, b: 2 }, unset: ['c'] };
    expect(discard(edits, ['a', 'c'])).toEqual({ set: { b: 2 }, unset: [] });
  });
  it('counts the knobs the edits change, a key both set and unset once', () => {
    expect(countEdits({ set: { a: 1, b: 2 }, unset: ['b', 'c'] })).toBe(3);
  });
  it('makes the PUT body', () => {
    expect(toConfigWrite(3, { set: { a: 1 }, unset: ['b'] })).toEqual({ version: 3, set: { a: 1 }, unset: ['b'] });
  });
});

describe('pendingChanges', () => {
  it('lists old → new with where each value comes from, for sets and resets', () => {
    const edits = { set: { upper_threshold: 0.8 }, unset: ['strategy'] };
    expect(pendingChanges(config, edits, primaryConfig(), defaults)).toEqual([
      { key: 'strategy', action: 'unset', old: 'drop', new: 'summarize', oldOrigin: { source: 'own', from: 'primary/explore', text: 'set on this agent' }, newOrigin: { source: 'inherited', from: 'primary', text: 'inherited from primary' } },
      { key: 'upper_threshold', action: 'set', old: 0.85, new: 0.8, oldOrigin: { source: 'default', from: null, text: 'default' }, newOrigin: { source: 'own', from: 'primary/explore', text: 'set on this agent' } },
    ]);
  });
  it('a root agent resets to the default', () => {
    const root = primaryConfig();
    expect(pendingChanges(root, { set: {}, unset: ['strategy'] }, null, defaults)[0]).toMatchObject({ old: 'summarize', new: 'drop', newOrigin: { text: 'default' } });
  });
  it('groups per agent and leaves out agents without edits', () => {
    const list = pendingByAgent([
      { config: primaryConfig(), edits: emptyEdits(), parent: null, defaults },
      { config, edits: { set: { upper_threshold: 0.8 }, unset: [] }, parent: primaryConfig(), defaults },
    ]);
    expect(list.map((a) => [a.agent_path, a.changes.length])).toEqual([['primary/explore', 1]]);
  });
});

describe('after a 409', () => {
  const changesSince = [
    { id: 'a2', at: '2026-11-02T10:02:00Z', actor: 'tab-2', session_id: 's', agent_path: 'primary/explore', version: 5, changes: [{ key: 'upper_threshold', old: 0.8, new: 0.75, action: 'set' as const }] },
    { id: 'a1', at: '2026-11-02T10:01:00Z', actor: 'tab-2', session_id: 's', agent_path: 'primary/explore', version: 4, changes: [{ key: 'upper_threshold', old: 0.85, new: 0.8, action: 'set' as const }, { key: 'strategy', old: 'drop', new: 'summarize', action: 'unset' as const }] },
  ];
  it('lists the keys both sides changed, with both values and who changed theirs', () => {
    expect(staleConflicts({ set: { upper_threshold: 0.9, lower_threshold: 0.5 }, unset: ['strategy'] }, changesSince)).toEqual([
      { key: 'strategy', yours: undefined, theirs: { value: 'summarize', actor: 'tab-2', at: '2026-11-02T10:01:00Z', version: 4, action: 'unset' } },
      { key: 'upper_threshold', yours: 0.9, theirs: { value: 0.75, actor: 'tab-2', at: '2026-11-02T10:02:00Z', version: 5, action: 'set' } },
    ]);
  });
  it('re-bases "keep mine" on the current config, dropping edits that now match and resets of keys no longer own', () => {
    const current = exploreConfig({ version: 5, values: { ...config.values, upper_threshold: 0.75 }, sources: { ...config.sources, strategy: 'inherited', upper_threshold: 'own' } });
    expect(rebaseEdits({ set: { upper_threshold: 0.75, lower_threshold: 0.5 }, unset: ['strategy'] }, current)).toEqual({ set: { lower_threshold: 0.5 }, unset: [] });
  });
  it('a later config that holds every edit holds the save (a resent save, or the same values saved elsewhere); any edit not held, or no later version, does not', () => {
    const current = exploreConfig({ version: 5, values: { ...config.values, upper_threshold: 0.75 }, sources: { ...config.sources, strategy: 'inherited', upper_threshold: 'own' } });
    expect(holdsEdits({ set: { upper_threshold: 0.75 }, unset: ['strategy'] }, 4, current)).toBe(true);
    expect(holdsEdits({ set: { upper_threshold: 0.75, lower_threshold: 0.5 }, unset: [] }, 4, current)).toBe(false);
    expect(holdsEdits({ set: { upper_threshold: 0.75 }, unset: [] }, 5, current)).toBe(false);
  });
  it('"keep mine" keeps every edit on the current config; "take theirs" drops the edits of keys changed since', () => {
    const current = exploreConfig({ version: 5, values: { ...config.values, upper_threshold: 0.75 }, sources: { ...config.sources, upper_threshold: 'own' } });
    const edits = { set: { upper_threshold: 0.9, lower_threshold: 0.5 }, unset: ['strategy'] };
    expect(editsAfterConflict(edits, current, changesSince, 'mine')).toEqual({ set: { upper_threshold: 0.9, lower_threshold: 0.5 }, unset: ['strategy'] });
    expect(editsAfterConflict(edits, current, changesSince, 'theirs')).toEqual({ set: { lower_threshold: 0.5 }, unset: [] });
  });
});

describe('parseStoredEdits', () => {
  it('reads back edits and refuses anything else without throwing', () => {
    expect(parseStoredEdits({ set: { a: 1 }, unset: ['b'] })).toEqual({ set: { a: 1 }, unset: ['b'] });
    for (const junk of [null, 'x', [], { set: [], unset: [] }, { set: {}, unset: [1] }, { set: {} }]) expect(parseStoredEdits(junk)).toBeNull();
  });
});
