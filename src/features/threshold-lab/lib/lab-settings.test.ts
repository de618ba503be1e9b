import { describe, expect, it } from 'vitest';
import { eventReplayHref } from '../../../lib/routes';
import { draftToSetting, emptyDraft, readLabSearch, settingToDraft, writeLabSearch } from './lab-settings';

describe('lab settings', () => {
  it('turns what was typed into dotted config keys, blank fields left as configured', () => {
    const result = draftToSetting({ ...emptyDraft(), label: ' tight ', strategy: 'summarize', upper: '70', lower: '45.5', summarizeWindow: '30', summarizeModel: 'haiku', pruneProtect: '20000', more: 'plugin_knobs.hindsight.retain_top_k = 8\n# a comment\nplugin_knobs.chunked-summarizer.prune.mode = aggressive\nprune.protected_tools = ["read", "Bash"]' });
    expect(result.errors).toBeNull();
    expect(result.setting).toEqual({
      label: 'tight',
      set: {
        strategy: 'summarize',
        upper_threshold: 0.7,
        lower_threshold: 0.455,
        'summarize.window_messages': 30,
        'prune.protect_tokens': 20000,
        'summarize.model': 'haiku',
        'plugin_knobs.hindsight.retain_top_k': 8,
        'plugin_knobs.chunked-summarizer.prune.mode': 'aggressive',
        'prune.protected_tools': ['read', 'Bash'],
      },
    });
    expect(draftToSetting(emptyDraft())).toEqual({ setting: { set: {} }, errors: null });
  });

  it('says what is wrong, field by field', () => {
    expect(draftToSetting({ ...emptyDraft(), strategy: 'squash', upper: '120', lower: 'x', summarizeWindow: '0', more: 'no equals sign' }).errors).toEqual({
      strategy: 'one of drop, summarize, delegate, checkpoint',
      upper: 'a percentage between 0 and 100',
      lower: 'a percentage between 0 and 100',
      summarizeWindow: 'a whole number of at least 1',
      more: 'line 1: write dotted.key = value',
    });
    expect(draftToSetting({ ...emptyDraft(), upper: '50', lower: '60' }).errors).toEqual({ lower: 'below the upper threshold' });
  });

  it('a setting read back into the form asks for the same setting', () => {
    const setting = { label: 'wide', set: { upper_threshold: 0.9, 'summarize.window_messages': 40, 'plugin_knobs.hindsight.inject_on_compact': false, 'delegate.plugin': 'hindsight' } };
    const draft = settingToDraft(setting);
    expect(draft).toMatchObject({ label: 'wide', upper: '90', summarizeWindow: '40', more: 'plugin_knobs.hindsight.inject_on_compact = false\ndelegate.plugin = hindsight' });
    expect(draftToSetting(draft).setting).toEqual(setting);
  });

  it('keeps the agent, up to three settings and the recorded switch in the address, ignoring what does not parse', () => {
    const search = { agent: 'primary/researcher', settings: [{ set: {} }, { label: 'tight', set: { upper_threshold: 0.6 } }], includeRecorded: true, at: null, event: null };
    expect(readLabSearch(writeLabSearch(search))).toEqual(search);
    const params = new URLSearchParams('setting=nope&setting={"set":[]}&setting={"set":{"a":1}}&setting={"set":{}}&setting={"set":{}}&setting={"set":{}}');
    expect(readLabSearch(params)).toEqual({ agent: 'primary', settings: [{ set: { a: 1 } }, { set: {} }, { set: {} }], includeRecorded: false, at: null, event: null });
  });

  it("opened from an event (eventReplayHref): its agent, its moment and the way back, kept through a run's address", () => {
    const href = eventReplayHref('ses_1', { event: 'cmp_9', agent: 'primary/explore', at: '2026-11-25T18:04:04.000Z' });
    expect(href.startsWith('/sessions/ses_1/lab?')).toBe(true);
    const search = readLabSearch(new URL(href, 'http://x').searchParams);
    expect(search).toEqual({ agent: 'primary/explore', settings: [], includeRecorded: false, at: '2026-11-25T18:04:04.000Z', event: 'cmp_9' });
    expect(readLabSearch(writeLabSearch({ ...search, settings: [{ set: {} }] }))).toMatchObject({ at: search.at, event: 'cmp_9' });
    // A time that is not one, or a huge id, from a pasted address: no moment, a bounded id.
    expect(readLabSearch(new URLSearchParams(`at=soon&event=${'x'.repeat(5000)}`))).toMatchObject({ at: null, event: 'x'.repeat(200) });
  });
});
