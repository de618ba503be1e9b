import { describe, expect, it } from 'vitest';
import { CONTEXT_PARTS, contextParts, contextTotal, RESERVED_OUTPUT_TOKENS, sentTokens, withinEstimateError, withMessages } from './context';

describe('context parts', () => {
  it('adds messages, base and the output reserve, each named', () => {
    const parts = contextParts(150_000, 12_000);
    expect(parts).toEqual({ messages_tokens: 150_000, base_tokens: 12_000, reserve_tokens: RESERVED_OUTPUT_TOKENS });
    expect(contextTotal(parts)).toBe(170_192);
    expect(sentTokens(parts)).toBe(162_000);
    expect(CONTEXT_PARTS.map((p) => p.label)).toEqual(['messages', 'system prompt and tools', 'output reserve']);
  });

  it('an empty history is the base and the reserve, never hidden', () => {
    const parts = contextParts(0, 0);
    expect(contextTotal(parts)).toBe(8_192);
    expect(parts.reserve_tokens).toBe(8_192);
  });

  it('clamps what cannot be a token count', () => {
    expect(contextParts(-5, Number.NaN, 10.4)).toEqual({ messages_tokens: 0, base_tokens: 0, reserve_tokens: 10 });
    expect(withMessages(contextParts(10, 20), 99.6).messages_tokens).toBe(100);
  });

  it('states the estimator error as a share of the recorded figure', () => {
    expect(withinEstimateError(115_000, 100_000)).toBe(true);
    expect(withinEstimateError(116_000, 100_000)).toBe(false);
    expect(withinEstimateError(0, 0)).toBe(true);
  });
});
