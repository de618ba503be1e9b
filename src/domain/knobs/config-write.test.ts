import { describe, expect, it } from 'vitest';
import { applyConfigWrite, sameValue, type WriteContext } from './config-write';
import type { AttachedPlugin } from './cross-field';
import { resolveInheritance, type FlatValues } from './inheritance';
import { indexKnobs, type Knob } from './knob-kinds';
import { createKnobValidator } from './knob-validator';

const KNOBS: Knob[] = [
  { type: 'enum', key: 'strategy', label: 'S', options: ['drop', 'summarize', 'delegate'].map((v) => ({ value: v, label: v })), default: 'drop' },
  { type: 'range', key: 'upper_threshold', label: 'U', min: 0.05, max: 0.99, step: 0.01, default: 0.85 },
  { type: 'range', key: 'lower_threshold', label: 'L', min: 0.05, max: 0.99, step: 0.01, default: 0.6 },
  { type: 'enum', key: 'delegate.plugin', label: 'P', options: [{ value: 'hindsight', label: 'h' }], nullable: true, default: null },
];
const validator = createKnobValidator(indexKnobs(KNOBS, [{ name: 'hindsight', knobs: [{ type: 'boolean', key: 'inject', label: 'I', default: true }] }]), { modelAliases: [] });
const DEFAULTS: FlatValues = { strategy: 'drop', upper_threshold: 0.85, lower_threshold: 0.6, 'delegate.plugin': null, 'plugin_knobs.hindsight.inject': true };
const parentOwn: FlatValues = { upper_threshold: 0.7 };
const hindsight: AttachedPlugin = { name: 'hindsight', roles: ['compactor'], loaded: true };

function ctx(own: FlatValues, extra: Partial<WriteContext> = {}): WriteContext {
  return {
    validator,
    plugins: [hindsight],
    own,
    effective: (o) =>
      Object.fromEntries(
        Object.entries(resolveInheritance([{ agent_path: 'primary', own: parentOwn }, { agent_path: 'primary/sub', own: o }], DEFAULTS)).map(([k, r]) => [k, r.value]),
      ),
    ...extra,
  };
}

describe('applyConfigWrite', () => {
  it('applies set and unset and lists what changed, effective old → new', () => {
    const r = applyConfigWrite({ set: { strategy: 'summarize' }, unset: ['upper_threshold'] }, ctx({ upper_threshold: 0.9 }));
    expect(r.errors).toEqual([]);
    expect(r.own).toEqual({ strategy: 'summarize' });
    expect(r.changes).toEqual([
      { key: 'strategy', old: 'drop', new: 'summarize', action: 'set' },
      { key: 'upper_threshold', old: 0.9, new: 0.7, action: 'unset' },
    ]);
  });
  it('records nothing for a write that changes nothing', () => {
    expect(applyConfigWrite({ set: { strategy: 'summarize' }, unset: ['lower_threshold'] }, ctx({ strategy: 'summarize' })).changes).toEqual([]);
    expect(applyConfigWrite({}, ctx({})).changes).toEqual([]);
  });
  it('making an inherited value own is a change even when the value is the same', () => {
    expect(applyConfigWrite({ set: { upper_threshold: 0.7 } }, ctx({})).changes).toEqual([{ key: 'upper_threshold', old: 0.7, new: 0.7, action: 'set' }]);
  });
  it('refuses unknown keys, unsettable keys, and a key both set and unset', () => {
    const r = applyConfigWrite(
      { set: { nope: 1, 'plugin_knobs.other.x': 1, strategy: 'drop' }, unset: ['strategy', 'also_nope'] },
      ctx({}, { unsettable: new Map([['plugin_knobs.other.x', 'plugin other is not attached to primary/sub']]) }),
    );
    expect(r.errors).toEqual([
      { key: 'nope', message: 'unknown setting' },
      { key: 'plugin_knobs.other.x', message: 'plugin other is not attached to primary/sub' },
      { key: 'strategy', message: 'is both set and unset in the same change' },
      { key: 'also_nope', message: 'unknown setting' },
    ]);
    expect(r.changes).toEqual([]);
  });
  it('allows unsetting a key that cannot be set', () => {
    const r = applyConfigWrite({ unset: ['plugin_knobs.other.x'] }, ctx({ 'plugin_knobs.other.x': 1 }, { unsettable: new Map([['plugin_knobs.other.x', 'malformed']]) }));
    expect(r.errors).toEqual([]);
  });
  it('reports every bad value with the knob rules', () => {
    const r = applyConfigWrite({ set: { upper_threshold: 0.333, strategy: 'x' } }, ctx({}));
    expect(r.errors.map((e) => e.key)).toEqual(['upper_threshold', 'strategy']);
    expect(r.own).toEqual({});
  });
  it('checks cross-field rules on the effective result, including inherited values', () => {
    // The parent's upper threshold 0.7 is inherited; a lower threshold of 0.75 breaks it.
    expect(applyConfigWrite({ set: { lower_threshold: 0.75 } }, ctx({})).errors).toEqual([
      { key: 'lower_threshold', message: 'must be below the upper threshold (70\u00a0%), so compaction stops short of where it starts' },
    ]);
    // Unsetting the own upper threshold makes the inherited 0.7 apply: the same rule refuses it.
    expect(applyConfigWrite({ unset: ['upper_threshold'] }, ctx({ upper_threshold: 0.9, lower_threshold: 0.8 })).errors).toHaveLength(1);
  });
  it('does not blame a write for a problem the config already had, unless it touches its keys', () => {
    const broken = { strategy: 'delegate' }; // no compactor chosen: already invalid
    expect(applyConfigWrite({ set: { upper_threshold: 0.8 } }, ctx(broken)).errors).toEqual([]);
    expect(applyConfigWrite({ set: { strategy: 'delegate' } }, ctx(broken)).errors.map((e) => e.key)).toEqual(['delegate.plugin']);
    expect(applyConfigWrite({ set: { 'delegate.plugin': 'hindsight' } }, ctx(broken)).errors).toEqual([]);
  });
});

describe('sameValue', () => {
  it('compares scalars, lists and objects structurally', () => {
    expect(sameValue(['a'], ['a'])).toBe(true);
    expect(sameValue(['a'], ['b'])).toBe(false);
    expect(sameValue({ id: 'a' }, { id: 'a' })).toBe(true);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(null, 0)).toBe(false);
  });
});
