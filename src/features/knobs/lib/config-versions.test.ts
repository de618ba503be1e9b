import { describe, expect, it } from 'vitest';
import { exploreConfig } from '../test-support/test-knobs';
import { compareVersions, revertEdits, valuesAtVersion } from './config-versions';
import { emptyEdits } from './pending-changes';

// explore at version 3: v2 set the upper threshold to 0.8 and the summary window back to inheriting; v3 set both the upper threshold (back to 0.85) and the strategy.
const config = exploreConfig({ sources: { strategy: 'own', upper_threshold: 'own' } });
const events = [
  { version: 3, changes: [{ key: 'upper_threshold', old: 0.8, new: 0.85, action: 'set' as const }, { key: 'strategy', old: 'summarize', new: 'drop', action: 'set' as const }] },
  { version: 2, changes: [{ key: 'upper_threshold', old: 0.85, new: 0.8, action: 'set' as const }, { key: 'summarize.window_messages', old: 30, new: 20, action: 'unset' as const }] },
];
const inherited = (key: string) => ({ upper_threshold: 0.85, strategy: 'summarize', 'summarize.window_messages': 20 })[key];

describe('config versions from the history', () => {
  it('rebuilds the values of an earlier version from the saves after it', () => {
    expect(valuesAtVersion(config, events, 2)).toMatchObject({ upper_threshold: 0.8, strategy: 'summarize', 'summarize.window_messages': 20 });
    expect(valuesAtVersion(config, events, 1)).toMatchObject({ upper_threshold: 0.85, strategy: 'summarize', 'summarize.window_messages': 30 });
    expect(valuesAtVersion(config, events, 3)).toMatchObject({ upper_threshold: 0.85, strategy: 'drop' });
  });
  it('refuses a version the loaded history does not reach (a gap, or older than its oldest save)', () => {
    expect(valuesAtVersion(config, [events[0]!], 1)).toBeNull();
    expect(valuesAtVersion(config, events, 0)).toBeNull();
    expect(valuesAtVersion(config, events, 4)).toBeNull();
  });
  it('compares two versions key by key', () => {
    expect(compareVersions(config, events, 1, 3)).toEqual([
      { key: 'strategy', a: 'summarize', b: 'drop' },
      { key: 'summarize.window_messages', a: 30, b: 20 },
    ]);
    expect(compareVersions(config, events, 2, 3)).toEqual([
      { key: 'strategy', a: 'summarize', b: 'drop' },
      { key: 'upper_threshold', a: 0.8, b: 0.85 },
    ]);
  });
  it('reverting: an own value then is set again; a value equal to what the key inherits returns to inheriting', () => {
    const back = revertEdits(config, events, 1, emptyEdits(), inherited);
    // upper: 0.85 then and now, its own value now equals the inherited one: inherits again; strategy: inherits summarize; window: own 30 again.
    expect(back).toEqual({ set: { 'summarize.window_messages': 30 }, unset: ['upper_threshold', 'strategy'] });
    expect(revertEdits(config, events, 2, emptyEdits(), inherited)).toEqual({ set: { upper_threshold: 0.8 }, unset: ['strategy'] });
    expect(revertEdits(config, [], 1, emptyEdits(), inherited)).toBeNull();
  });
});
