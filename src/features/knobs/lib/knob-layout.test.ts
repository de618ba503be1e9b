import { describe, expect, it } from 'vitest';
import { bySubgroup, editableItems, groupOfKey, layoutKnobGroups, type KnobItem } from './knob-layout';
import { readPluginListing } from './plugin-view';
import { BUILTIN, CHUNKED, METER } from '../test-support/test-knobs';

const plugins = [readPluginListing(CHUNKED), readPluginListing(METER)];
const groups = layoutKnobGroups(BUILTIN, plugins, ['memory-markdown', 'chunked-summarizer', 'context-meter']);
const byId = new Map(groups.map((g) => [g.id, g]));

describe('layoutKnobGroups', () => {
  it('orders built-in groups, then other, then one group per attached plugin in attachment order', () => {
    expect(groups.map((g) => g.id)).toEqual(['trigger', 'strategy', 'summarize', 'other', 'plugin:memory-markdown', 'plugin:chunked-summarizer', 'plugin:context-meter']);
  });

  it("draws a plugin's trigger knob in the built-in trigger group, marked with its plugin", () => {
    expect(byId.get('trigger')?.items.map((i) => [i.key, i.plugin])).toEqual([
      ['upper_threshold', null],
      ['lower_threshold', null],
      ['plugin_knobs.chunked-summarizer.max_tokens', 'chunked-summarizer'],
    ]);
  });

  it("keeps a plugin's other knobs in its own group with their sub-groups, and its roles", () => {
    const chunked = byId.get('plugin:chunked-summarizer');
    expect(chunked?.plugin).toEqual({ name: 'chunked-summarizer', version: '0.3.0', description: 'Chunks.', roles: ['compactor'], loaded: true, installed: true });
    expect(chunked?.items.map((i) => [i.key, i.subgroup, i.control.control])).toEqual([
      ['plugin_knobs.chunked-summarizer.keep_last_messages', null, 'slider'],
      ['plugin_knobs.chunked-summarizer.prune.mode', 'prune', 'segmented'],
    ]);
  });

  it('draws no knob under a sub-group it is not in: the ones in none first, each sub-group together', () => {
    const at = (key: string, subgroup: string | null) => ({ key, subgroup }) as KnobItem;
    const items = [at('threshold', null), at('trim_threshold', 'trim'), at('keep_last', null), at('chunks', null), at('prune.mode', 'prune'), at('trim_more', 'trim')];
    expect(bySubgroup(items).map((i) => i.key)).toEqual(['threshold', 'keep_last', 'chunks', 'trim_threshold', 'trim_more', 'prune.mode']);
  });

  it('shows a malformed plugin with its problems; its bad knobs read-only, its good ones editable', () => {
    const meter = byId.get('plugin:context-meter');
    expect(meter?.plugin?.loaded).toBe(false);
    expect(meter?.problems).toHaveLength(2);
    expect(meter?.items.map((i) => [i.key, i.control.control, i.knob !== null])).toEqual([
      ['plugin_knobs.context-meter.verbose', 'switch', true],
      ['plugin_knobs.context-meter.warn_at', 'read-only', false],
      ['plugin_knobs.context-meter.accent', 'read-only', false],
    ]);
  });

  it('explains an attached plugin that is not installed', () => {
    expect(byId.get('plugin:memory-markdown')?.problems[0]?.message).toBe('Plugin "memory-markdown" is attached to this agent but not installed.');
    expect(byId.get('plugin:memory-markdown')?.plugin?.installed).toBe(false);
  });

  it('never drops a built-in knob: an unknown kind is read-only, an unknown group goes to other', () => {
    expect(byId.get('summarize')?.items.find((i) => i.key === 'summarize.budget')?.control.control).toBe('read-only');
    expect(byId.get('other')?.items.map((i) => i.key)).toEqual(['experimental.flag']);
    const declared = BUILTIN.knobs.length + 3 + 3;
    expect(groups.flatMap((g) => g.items)).toHaveLength(declared);
  });

  it('knows every item id is unique and keyless knobs get a positional id', () => {
    const withKeyless = layoutKnobGroups(BUILTIN, [readPluginListing({ ...METER, manifest: { ...(METER.manifest as object), knobs: [{ type: 'boolean', label: 'No key', default: true }] } })], ['context-meter']);
    const items = withKeyless.flatMap((g) => g.items);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items.at(-1)).toMatchObject({ id: 'context-meter#1', key: null, label: 'No key', control: { control: 'read-only' } });
  });
});

describe('editableItems / groupOfKey', () => {
  it('lists the keys the form holds and finds the group of a key', () => {
    const keys = editableItems(groups).map((i) => i.key);
    expect(keys).toContain('plugin_knobs.context-meter.verbose');
    expect(keys).not.toContain('plugin_knobs.context-meter.warn_at');
    expect(keys).not.toContain('summarize.budget');
    expect(groupOfKey(groups, 'plugin_knobs.chunked-summarizer.max_tokens')).toBe('trigger');
    expect(groupOfKey(groups, 'plugin_knobs.chunked-summarizer.prune.mode')).toBe('plugin:chunked-summarizer');
    expect(groupOfKey(groups, 'nope')).toBeNull();
  });
});
