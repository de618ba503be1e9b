import { describe, expect, it } from 'vitest';
import { editableItems, layoutKnobGroups } from './knob-layout';
import { formValidator, knobIndex, savedValues, serverErrorsToFields, shownValues, validateKnobValues } from './knob-form';
import { attachedPluginsOf, readPluginListing } from './plugin-view';
import { BUILTIN, CHUNKED, exploreConfig, METER, MODELS } from '../test-support/test-knobs';

const plugins = [readPluginListing(CHUNKED), readPluginListing(METER)];
const config = exploreConfig();
const index = knobIndex(BUILTIN, plugins);
const validator = formValidator(index, MODELS.map((m) => m.alias));
const attached = attachedPluginsOf(config.plugins ?? [], plugins);
const items = editableItems(layoutKnobGroups(BUILTIN, plugins, config.plugins ?? []));
const keys = items.map((i) => i.key);
const defaults = savedValues(config, items);
const opts = { validator, plugins: attached };

describe('savedValues', () => {
  it('starts every editable key at its effective value', () => {
    const flat = defaults;
    expect(flat.upper_threshold).toBe(0.85);
    expect(flat['summarize.model']).toBe('haiku');
    expect(flat['plugin_knobs.chunked-summarizer.prune.mode']).toBe('off');
    // A knob the config does not carry starts at its declared default.
    expect(flat['experimental.flag']).toBe(false);
    expect(Object.keys(flat).sort()).toEqual([...keys].sort());
  });
});

describe('validateKnobValues', () => {
  it('passes the effective config', () => {
    expect([...validateKnobValues(defaults, opts)]).toEqual([]);
  });
  it('refuses 0.333 with step 0.05 style misses, with the message the daemon gives', () => {
    expect(validateKnobValues({ upper_threshold: 0.333 }, opts).get('upper_threshold')).toEqual({ type: 'knob', message: '33.3\u00a0% is not on a step of 1\u00a0% from 5\u00a0% (nearest allowed: 33\u00a0%)' });
  });
  it('asks for a number when a numeric field is empty', () => {
    expect(validateKnobValues({ upper_threshold: Number.NaN }, opts).get('upper_threshold')?.message).toBe('enter a number');
    expect(validateKnobValues({ upper_threshold: '' }, opts).get('upper_threshold')?.message).toBe('enter a number');
  });
  it('puts cross-field problems on their field, seeing values outside the form through base', () => {
    const flat = { ...defaults, lower_threshold: 0.9 };
    expect(validateKnobValues(flat, opts).get('lower_threshold')).toEqual({ type: 'cross_field', message: 'must be below the upper threshold (85\u00a0%), so compaction stops short of where it starts' });
    expect(validateKnobValues({ strategy: 'delegate' }, { ...opts, base: { 'delegate.plugin': null } }).get('delegate.plugin')?.message).toBe(
      'the delegate strategy needs a compactor plugin: choose chunked-summarizer',
    );
  });
  it('with the saved values given, checks only edits and never blames an edit for an old problem it does not touch', () => {
    const saved = { ...defaults, upper_threshold: 0.333, strategy: 'delegate', 'delegate.plugin': null };
    const withSaved = { ...opts, saved };
    // The saved config breaks a value rule and a cross-field rule; editing something else is fine.
    expect([...validateKnobValues({ ...saved, 'summarize.window_messages': 30 }, withSaved)]).toEqual([]);
    // Editing the broken value, or a key of the broken rule, is checked.
    expect(validateKnobValues({ ...saved, upper_threshold: 0.334 }, withSaved).get('upper_threshold')?.type).toBe('knob');
    expect(validateKnobValues({ ...saved, 'delegate.plugin': 'context-meter' }, withSaved).get('delegate.plugin')?.type).toBe('knob');
    const lowSaved = { ...defaults, lower_threshold: 0.9 };
    expect(validateKnobValues({ ...lowSaved, lower_threshold: 0.95 }, { ...opts, saved: lowSaved }).get('lower_threshold')?.type).toBe('cross_field');
    expect(validateKnobValues({ ...lowSaved, 'summarize.window_messages': 30 }, { ...opts, saved: lowSaved }).size).toBe(0);
    // A new cross-field problem is reported even when its keys were not edited directly.
    expect(validateKnobValues({ ...saved, 'summarize.window_messages': 5 }, withSaved).get('summarize.preserve_recent')?.type).toBe('cross_field');
  });
  it('checks the model alias against /models', () => {
    expect(validateKnobValues({ 'summarize.model': 'haiku-9' }, opts).get('summarize.model')?.message).toBe('model alias "haiku-9" does not exist (known: sonnet, haiku, deepseek, local-qwen)');
  });

  it("refuses a prompt path that is none of the project's prompts, once they are known", () => {
    const prompt = { type: 'text' as const, key: 'summarize.prompt', label: 'Summarizer prompt', group: 'summarize', suggest: 'prompts' as const, max_length: 300, default: 'config:/prompts/a.md' };
    const withPrompt = formValidator(knobIndex({ ...BUILTIN, knobs: [...BUILTIN.knobs, prompt] }, plugins), MODELS.map((m) => m.alias));
    const check = (value: string, prompts: readonly string[] | null) => validateKnobValues({ 'summarize.prompt': value }, { ...opts, validator: withPrompt, prompts }).get('summarize.prompt')?.message;
    expect(check('project:/prompts/tight-summary.md', ['config:/prompts/a.md', 'project:/prompts/b.md'])).toBe("project:/prompts/tight-summary.md does not exist: choose one of the project's 2 prompts");
    expect(check('project:/prompts/b.md', ['config:/prompts/a.md', 'project:/prompts/b.md'])).toBeUndefined();
    expect(check('project:/prompts/b.md', [])).toBe('project:/prompts/b.md does not exist: this project has no prompts');
    // Prompts not read (or their read failed): not checked against them.
    expect(check('project:/prompts/tight-summary.md', null)).toBeUndefined();
  });
});

describe('shownValues', () => {
  it('lays the unsaved edits over the saved values, and shows a key reset to inheriting at the value it will inherit', () => {
    const shown = shownValues(defaults, { set: { upper_threshold: 0.7, 'not.a.form.key': 1 }, unset: ['summarize.model'] }, (key) => (key === 'summarize.model' ? 'sonnet' : undefined));
    expect(shown.upper_threshold).toBe(0.7);
    expect(shown['summarize.model']).toBe('sonnet');
    expect(shown['plugin_knobs.chunked-summarizer.prune.mode']).toBe('off');
    // Only the form's keys: an edit of a key the form does not hold is not drawn.
    expect(Object.keys(shown).sort()).toEqual([...keys].sort());
  });
  it('blocks nothing the saved config holds, and reports the problems of edited values on their keys', () => {
    const shown = shownValues(defaults, { set: { 'plugin_knobs.chunked-summarizer.keep_last_messages': 2.5, 'summarize.preserve_recent': 20 }, unset: [] }, () => undefined);
    const errors = validateKnobValues(shown, { ...opts, saved: defaults });
    expect(errors.get('plugin_knobs.chunked-summarizer.keep_last_messages')?.message).toBe('2.5 is not on a step of 1 from 0 (nearest allowed: 3)');
    expect(errors.get('summarize.preserve_recent')?.message).toBe('must be below the summary window (20 messages)');
    const fixed = shownValues(defaults, { set: { 'plugin_knobs.chunked-summarizer.keep_last_messages': 3, 'summarize.preserve_recent': 5 }, unset: [] }, () => undefined);
    expect(validateKnobValues(fixed, { ...opts, saved: defaults }).size).toBe(0);
  });
});

describe('serverErrorsToFields', () => {
  it("puts a 422's errors on the form's fields and returns the rest", () => {
    const formKeys = new Set(keys);
    expect(serverErrorsToFields([{ key: 'upper_threshold', message: 'x' }, { key: 'plugin_knobs.hindsight.top_k', message: 'not attached' }], formKeys)).toEqual({
      fields: [['upper_threshold', 'x']],
      other: [{ key: 'plugin_knobs.hindsight.top_k', message: 'not attached' }],
    });
  });
});
