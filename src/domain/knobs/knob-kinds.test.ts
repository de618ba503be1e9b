import { describe, expect, it } from 'vitest';
import { allowsNull, indexKnobs, isKnownKind, parseConfigKey, pluginConfigKey, type Knob } from './knob-kinds';

describe('config keys', () => {
  it('a plugin knob lives under plugin_knobs.<plugin>.<knob key>, the knob key may hold dots', () => {
    expect(pluginConfigKey('chunked-summarizer', 'prune.mode')).toBe('plugin_knobs.chunked-summarizer.prune.mode');
    expect(parseConfigKey('plugin_knobs.chunked-summarizer.prune.mode')).toEqual({ scope: 'plugin', plugin: 'chunked-summarizer', knob: 'prune.mode' });
    expect(parseConfigKey('plugin_knobs.@kaged/memory.top_k')).toEqual({ scope: 'plugin', plugin: '@kaged/memory', knob: 'top_k' });
  });
  it('anything else is a built-in key, including malformed plugin keys', () => {
    expect(parseConfigKey('summarize.window_messages')).toEqual({ scope: 'builtin', key: 'summarize.window_messages' });
    expect(parseConfigKey('plugin_knobs.only-plugin')).toEqual({ scope: 'builtin', key: 'plugin_knobs.only-plugin' });
    expect(parseConfigKey('plugin_knobs.p.')).toEqual({ scope: 'builtin', key: 'plugin_knobs.p.' });
  });
});

describe('indexKnobs', () => {
  it('indexes built-in knobs by their key and plugin knobs under their plugin', () => {
    const builtin: Knob[] = [{ type: 'boolean', key: 'summarize.enabled', label: 'On', default: true }];
    const plugin: Knob[] = [{ type: 'range', key: 'top_k', label: 'K', min: 0, max: 9, step: 1, default: 3 }];
    const index = indexKnobs(builtin, [{ name: 'hindsight', knobs: plugin }]);
    expect([...index.keys()]).toEqual(['summarize.enabled', 'plugin_knobs.hindsight.top_k']);
    expect(index.get('plugin_knobs.hindsight.top_k')).toEqual({ key: 'plugin_knobs.hindsight.top_k', plugin: 'hindsight', knob: plugin[0] });
    expect(index.get('summarize.enabled')?.plugin).toBeNull();
  });
});

describe('kinds', () => {
  it('knows the kinds and where null is allowed', () => {
    expect(isKnownKind('range')).toBe(true);
    expect(isKnownKind('color')).toBe(false);
    expect(isKnownKind(undefined)).toBe(false);
    expect(allowsNull({ type: 'model_alias', key: 'm', label: 'M', nullable: true, default: null })).toBe(true);
    expect(allowsNull({ type: 'model_alias', key: 'm', label: 'M', default: 'haiku' })).toBe(false);
    expect(allowsNull({ type: 'boolean', key: 'b', label: 'B', default: true })).toBe(false);
  });
});
