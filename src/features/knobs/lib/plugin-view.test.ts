import { describe, expect, it } from 'vitest';
import { attachedPluginsOf, readPluginListing } from './plugin-view';
import { CHUNKED, METER } from '../test-support/test-knobs';

describe('readPluginListing', () => {
  it('reads a well-formed manifest: loaded, roles, every knob usable', () => {
    const view = readPluginListing(CHUNKED);
    expect(view.loaded).toBe(true);
    expect(view.roles).toEqual(['compactor']);
    expect(view.usableKnobs.map((k) => k.key)).toEqual(['max_tokens', 'keep_last_messages', 'prune.mode']);
  });

  it("keeps the daemon's problems first and adds what the local check finds, without duplicates", () => {
    const view = readPluginListing(METER);
    expect(view.loaded).toBe(false);
    expect(view.problems.map((p) => p.message)).toEqual([
      'Plugin "context-meter", knob "warn_at": min (0.9) is greater than max (0.5).',
      'Plugin "context-meter", knob "accent": type "color" is not a kaged knob kind (range, enum, text, boolean, model_alias, string_list, predicate_list); shown read-only.',
    ]);
    expect(view.usableKnobs.map((k) => k.key)).toEqual(['verbose']);
    expect(view.knobs).toHaveLength(3);
  });

  it('a daemon problem the local check does not know still makes the plugin not loaded', () => {
    const view = readPluginListing({ ...CHUNKED, problems: [{ knob: null, field: 'hooks', message: 'Plugin "chunked-summarizer": hook x is not supported by this daemon.' }] });
    expect(view.loaded).toBe(false);
    expect(view.problems).toHaveLength(1);
  });

  it('a manifest that could not be read at all is explained', () => {
    const view = readPluginListing({ name: 'ghost', manifest: null, problems: [] });
    expect(view.problems[0]?.message).toBe('Plugin "ghost": the manifest could not be read.');
  });
});

describe('attachedPluginsOf', () => {
  it('gives roles and load state in attachment order; unknown plugins have none', () => {
    const views = [readPluginListing(CHUNKED), readPluginListing(METER)];
    expect(attachedPluginsOf(['context-meter', 'chunked-summarizer', 'ghost'], views)).toEqual([
      { name: 'context-meter', roles: ['observer'], loaded: false },
      { name: 'chunked-summarizer', roles: ['compactor'], loaded: true },
      { name: 'ghost', roles: [], loaded: false },
    ]);
  });
});
