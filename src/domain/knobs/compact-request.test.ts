import { describe, expect, it } from 'vitest';
import { compactRequestToDraft, previewRequest } from './compact-request';

describe('compactRequestToDraft', () => {
  it('maps every override field to its config key, over the pending values', () => {
    expect(
      compactRequestToDraft({
        strategy: 'checkpoint',
        upper_threshold: 0.8,
        lower_threshold: 0.5,
        summarize: false,
        prompt: 'project:/prompts/terse-summary.md',
        delegate_plugin: 'hindsight',
        checkpoint_sub_strategy: 'summarize',
        dry_run: true,
        pending: { set: { strategy: 'drop', 'summarize.window_messages': 30 }, unset: ['lower_threshold', 'prune.protect_tokens'] },
      }),
    ).toEqual({
      set: {
        strategy: 'checkpoint',
        upper_threshold: 0.8,
        lower_threshold: 0.5,
        'summarize.enabled': false,
        'summarize.prompt': 'project:/prompts/terse-summary.md',
        'delegate.plugin': 'hindsight',
        'checkpoint.sub_strategy': 'summarize',
        'summarize.window_messages': 30,
      },
      unset: ['prune.protect_tokens'],
    });
  });
  it('gives nothing for a request without overrides', () => {
    expect(compactRequestToDraft({})).toEqual({ set: {}, unset: [] });
  });
  it('keeps an explicit null delegate plugin', () => {
    expect(compactRequestToDraft({ delegate_plugin: null }).set).toEqual({ 'delegate.plugin': null });
  });
});

describe('previewRequest', () => {
  it('is a dry run carrying the edits as pending values', () => {
    expect(previewRequest('primary/explore', { set: { strategy: 'drop' } })).toEqual({ agent_path: 'primary/explore', dry_run: true, pending: { set: { strategy: 'drop' }, unset: [] } });
  });
});
