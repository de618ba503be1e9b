import { describe, expect, it } from 'vitest';
import {
  estimateMessageTokens,
  estimateTextTokens,
  estimateTokens,
  FALLBACK_CONTEXT_WINDOW,
  resolveWindow,
  tokenLimits,
} from './estimate';
import { msg } from './test-support/build';
import { loadOpenAiChat } from './test-support/load-transcripts';

describe('estimateMessageTokens', () => {
  it('is ceil(chars / 4) + 4 overhead', () => {
    expect(estimateMessageTokens({ content: '', tool_calls: [] })).toBe(4);
    expect(estimateMessageTokens({ content: 'abcd', tool_calls: [] })).toBe(5);
    expect(estimateMessageTokens({ content: 'abcde', tool_calls: [] })).toBe(6);
  });

  it('counts tool call names and arguments with the content', () => {
    // 1 + 4 ("bash") + 7 ('{"a":1}') = 12 chars → 3 tokens + 4
    expect(estimateMessageTokens({ content: 'x', tool_calls: [{ id: 'c1', name: 'bash', arguments: '{"a":1}' }] })).toBe(7);
  });

  it('estimateTextTokens is ceil(chars / 4)', () => {
    expect(estimateTextTokens('')).toBe(0);
    expect(estimateTextTokens('a'.repeat(9))).toBe(3);
  });
});

describe('estimateTokens', () => {
  it('sums message estimates plus the reserved output, skipping superseded messages', () => {
    const a = msg(0, 'user', 'a'.repeat(40)); // 14
    const b = msg(1, 'assistant', 'b'.repeat(8)); // 6
    const gone = { ...msg(2, 'assistant', 'c'.repeat(400)), superseded: true };
    expect(estimateTokens([a, b, gone], 100)).toBe(120);
    expect(estimateTokens([], 0)).toBe(0);
  });

  it('recomputes from content rather than trusting metadata.token_estimate', () => {
    const m = msg(0, 'user', 'abcd');
    const stale = { ...m, metadata: { ...m.metadata, token_estimate: 999 } };
    expect(estimateTokens([stale], 0)).toBe(5);
  });

  it('matches the per-message sum on a real transcript', () => {
    const { messages } = loadOpenAiChat('astropy__astropy-12907.traj.json');
    const sum = messages.reduce((n, m) => n + m.metadata.token_estimate, 0);
    expect(estimateTokens(messages, 500)).toBe(sum + 500);
    expect(sum).toBeGreaterThan(20_000);
  });
});

describe('resolveWindow', () => {
  it('prefers an operator override, then the catalog, then the 128k fallback', () => {
    expect(resolveWindow(200_000, 50_000)).toEqual({ tokens: 50_000, source: 'override' });
    expect(resolveWindow(200_000, null)).toEqual({ tokens: 200_000, source: 'catalog' });
    expect(resolveWindow(null, null)).toEqual({ tokens: FALLBACK_CONTEXT_WINDOW, source: 'fallback' });
    expect(FALLBACK_CONTEXT_WINDOW).toBe(128_000);
  });

  it('treats non-positive or non-finite values as absent', () => {
    expect(resolveWindow(0, -5)).toEqual({ tokens: 128_000, source: 'fallback' });
    expect(resolveWindow(Number.NaN, Number.POSITIVE_INFINITY)).toEqual({ tokens: 128_000, source: 'fallback' });
    expect(resolveWindow(8_192, 0)).toEqual({ tokens: 8_192, source: 'catalog' });
  });
});

describe('tokenLimits', () => {
  it('turns ratios into integer limits without floating-point noise', () => {
    expect(tokenLimits(32_000, 0.85, 0.6)).toEqual({ upper: 27_200, target: 19_200 });
    expect(tokenLimits(128_000, 0.85, 0.6)).toEqual({ upper: 108_800, target: 76_800 });
    // 0.333 × 1000 = 333: upper rounds up (≥ ratio), target down (≤ ratio)
    expect(tokenLimits(1_001, 0.5, 0.5)).toEqual({ upper: 501, target: 500 });
  });
});
