import { describe, expect, it } from 'vitest';
import { modelCost, roundUsd, splitModel } from './cost';

describe('cost', () => {
  it('splits provider:model at the first colon', () => {
    expect(splitModel('anthropic:claude-haiku-4-5')).toEqual({ provider: 'anthropic', model: 'claude-haiku-4-5' });
    expect(splitModel('ollama:qwen3:32b')).toEqual({ provider: 'ollama', model: 'qwen3:32b' });
    expect(splitModel('gpt-5')).toEqual({ provider: 'unknown', model: 'gpt-5' });
  });

  it('prices input and output per million tokens', () => {
    expect(modelCost({ model: 'openai:gpt-5-mini', inputPerMTok: 0.25, outputPerMTok: 2 }, 20_000, 1_000)).toEqual({
      provider: 'openai',
      model: 'gpt-5-mini',
      input_tokens: 20_000,
      output_tokens: 1_000,
      cost_usd: 0.007,
    });
  });

  it('rounds away float noise', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(roundUsd(0.1 + 0.2)).toBe(0.3);
  });
});
