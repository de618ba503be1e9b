import { describe, expect, it } from 'vitest';
import { ancestry, flattenConfig, resolveInheritance, unflattenConfig } from './inheritance';

describe('flattenConfig / unflattenConfig', () => {
  const values = {
    strategy: 'drop',
    upper_threshold: 0.85,
    summarize: { model: null, window_messages: 20 },
    prune: { protected_tools: ['read', 'skill'] },
    always_keep: [{ id: 'a', description: 'd', role: 'user' }],
    plugin_knobs: { 'chunked-summarizer': { 'prune.mode': 'off', chunks: 1 }, '@kaged/memory': { top_k: 3 }, empty: {} },
  };

  it('makes every leaf a dotted key; lists are leaves; plugin knob keys keep their dots', () => {
    expect(flattenConfig(values)).toEqual({
      strategy: 'drop',
      upper_threshold: 0.85,
      'summarize.model': null,
      'summarize.window_messages': 20,
      'prune.protected_tools': ['read', 'skill'],
      always_keep: [{ id: 'a', description: 'd', role: 'user' }],
      'plugin_knobs.chunked-summarizer.prune.mode': 'off',
      'plugin_knobs.chunked-summarizer.chunks': 1,
      'plugin_knobs.@kaged/memory.top_k': 3,
    });
  });

  it('round-trips', () => {
    const { plugin_knobs, ...rest } = values;
    const { empty: _empty, ...knobs } = plugin_knobs;
    expect(unflattenConfig(flattenConfig(values))).toEqual({ ...rest, plugin_knobs: knobs });
  });
});

describe('resolveInheritance', () => {
  const defaults = { strategy: 'drop', upper_threshold: 0.85, 'summarize.model': null };
  const chain = [
    { agent_path: 'primary', own: { strategy: 'summarize', upper_threshold: 0.8 } },
    { agent_path: 'primary/explore', own: { upper_threshold: 0.7 } },
    { agent_path: 'primary/explore/grep', own: { 'summarize.model': 'haiku' } },
  ];

  it('gives each key its value, its source and the agent it comes from', () => {
    expect(resolveInheritance(chain, defaults)).toEqual({
      strategy: { value: 'summarize', source: 'inherited', from: 'primary' },
      upper_threshold: { value: 0.7, source: 'inherited', from: 'primary/explore' },
      'summarize.model': { value: 'haiku', source: 'own', from: 'primary/explore/grep' },
    });
  });

  it('an own null is a value, not an absence', () => {
    const r = resolveInheritance([{ agent_path: 'primary', own: { 'summarize.model': 'opus' } }, { agent_path: 'sub', own: { 'summarize.model': null } }], defaults);
    expect(r['summarize.model']).toEqual({ value: null, source: 'own', from: 'sub' });
  });

  it('falls back to the default when no agent on the chain sets the key', () => {
    expect(resolveInheritance([{ agent_path: 'primary', own: {} }], defaults).strategy).toEqual({ value: 'drop', source: 'default', from: null });
  });

  it('resolves only the keys asked for', () => {
    expect(Object.keys(resolveInheritance(chain, defaults, ['strategy']))).toEqual(['strategy']);
  });
});

describe('ancestry', () => {
  const agents = [
    { agent_path: 'primary', parent_path: null },
    { agent_path: 'primary/a', parent_path: 'primary' },
    { agent_path: 'primary/a/b', parent_path: 'primary/a' },
    { agent_path: 'loop1', parent_path: 'loop2' },
    { agent_path: 'loop2', parent_path: 'loop1' },
  ];
  it('lists the chain root first', () => {
    expect(ancestry(agents, 'primary/a/b').map((a) => a.agent_path)).toEqual(['primary', 'primary/a', 'primary/a/b']);
  });
  it('ends at a cycle or a missing parent instead of looping', () => {
    expect(ancestry(agents, 'loop1').map((a) => a.agent_path)).toEqual(['loop2', 'loop1']);
    expect(ancestry(agents, 'missing')).toEqual([]);
  });
});
