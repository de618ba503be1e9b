import { describe, expect, it } from 'vitest';
import { freshCall, modelCost, splitModel } from './cost';

describe('cost', () => {
  it('splits provider:model at the first colon', () => {
    expect(splitModel('anthropic:claude-haiku-4-5')).toEqual({ provider: 'anthropic', model: 'claude-haiku-4-5' });
    expect(splitModel('ollama:qwen3:32b')).toEqual({ provider: 'ollama', model: 'qwen3:32b' });
    expect(splitModel('gpt-5')).toEqual({ provider: 'unknown', model: 'gpt-5' });
  });

  it('prices a call part by part, cache-aware', () => {
    const prices = { input: 2.5e-7, cache_read: 2.5e-8, cache_write: null, output: 2e-6 };
    expect(modelCost({ model: 'openai:gpt-5-mini', prices }, freshCall(20_000, 1_000))).toEqual({
      provider: 'openai',
      model: 'gpt-5-mini',
      input_tokens: 20_000,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
      output_tokens: 1_000,
      cost_usd: 0.007,
      parts: { input_usd: 0.005, cache_read_usd: 0, cache_write_usd: 0, output_usd: 0.002 },
    });
    expect(modelCost({ model: 'openai:gpt-5-mini', prices }, { input: 0, cache_read: 20_000, cache_write: 0, output: 1_000 }).cost_usd).toBe(0.0025);
  });
});
