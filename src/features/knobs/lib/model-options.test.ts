import { describe, expect, it } from 'vitest';
import { modelOptions } from './model-options';
import { MODELS } from '../test-support/test-knobs';

describe('modelOptions', () => {
  it('shows provider:model, the effective window with its source, and the price where known', () => {
    expect(modelOptions(MODELS, false, null)).toEqual([
      { value: 'sonnet', label: 'sonnet', model: 'anthropic:claude-sonnet-4-5', window: '200k tokens (catalog)', windowSource: 'catalog', price: '$3 in / $15 out per M tokens' },
      { value: 'haiku', label: 'haiku', model: 'anthropic:claude-haiku-4-5', window: '200k tokens (catalog)', windowSource: 'catalog', price: '$1 in / $5 out per M tokens' },
      { value: 'deepseek', label: 'deepseek', model: 'deepseek:deepseek-chat', window: '32k tokens (operator override)', windowSource: 'override', price: '$0.27 in / $1.1 out per M tokens' },
      { value: 'local-qwen', label: 'local-qwen', model: 'ollama:qwen3-coder:30b', window: '128k tokens (128k fallback)', windowSource: 'fallback', price: null },
    ]);
  });
  it("puts the agent's own model first as the null choice where allowed, naming what it is", () => {
    const options = modelOptions(MODELS, true, "The agent's own model", 'deepseek');
    expect(options[0]).toEqual({ value: null, label: "The agent's own model", model: 'deepseek · deepseek:deepseek-chat', window: '32k tokens (operator override)', windowSource: 'override', price: '$0.27 in / $1.1 out per M tokens' });
    expect(options).toHaveLength(5);
    expect(modelOptions(MODELS, true, null)[0]).toMatchObject({ value: null, label: "The agent's own model", model: null });
  });
});
