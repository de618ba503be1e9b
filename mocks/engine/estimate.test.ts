import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC_TOKEN_SCALE,
  countTokens,
  estimateMessageTokens,
  estimateTextTokens,
  estimateTokens,
  MESSAGE_OVERHEAD_TOKENS,
  TOOL_CALL_OVERHEAD_TOKENS,
  tokenScaleFor,
} from './estimate';
import { msg } from './test-support/build';
import { loadOpenAiChat } from './test-support/load-transcripts';

describe('estimateMessageTokens', () => {
  it('is the tokenizer count of the content + 4 overhead', () => {
    expect(estimateMessageTokens({ content: '', tool_calls: [] })).toBe(MESSAGE_OVERHEAD_TOKENS);
    // o200k_base: "Hello" + " world" + "!" = 3 tokens
    expect(estimateMessageTokens({ content: 'Hello world!', tool_calls: [] })).toBe(3 + MESSAGE_OVERHEAD_TOKENS);
  });

  it('counts tool call names and arguments, with their framing, with the content', () => {
    const args = '{"command":"ls src"}';
    const expected = countTokens('x') + countTokens('bash') + countTokens(args) + TOOL_CALL_OVERHEAD_TOKENS + MESSAGE_OVERHEAD_TOKENS;
    expect(estimateMessageTokens({ content: 'x', tool_calls: [{ id: 'c1', name: 'bash', arguments: args }] })).toBe(expected);
  });

  it('scales the text by the tokenizer family, never the overhead', () => {
    const text = 'The harness estimates tokens before each call.';
    expect(estimateMessageTokens({ content: text, tool_calls: [] }, ANTHROPIC_TOKEN_SCALE)).toBe(Math.ceil(countTokens(text) * ANTHROPIC_TOKEN_SCALE) + MESSAGE_OVERHEAD_TOKENS);
    expect(tokenScaleFor('anthropic:claude-opus-4-6')).toBe(ANTHROPIC_TOKEN_SCALE);
    expect(tokenScaleFor('claude-sonnet-4-5-20250929')).toBe(ANTHROPIC_TOKEN_SCALE);
    expect(tokenScaleFor('openai:gpt-5.1')).toBe(1);
    expect(tokenScaleFor('deepseek:deepseek-chat')).toBe(1);
  });

  it('estimateTextTokens is the o200k count, and text that looks like a special token is counted as text', () => {
    expect(estimateTextTokens('')).toBe(0);
    expect(estimateTextTokens('Hello world!')).toBe(3);
    expect(estimateTextTokens('stop <|endoftext|> here')).toBeGreaterThan(3);
  });
});

describe('estimateTokens', () => {
  it('sums message sizes plus the fixed tokens, skipping superseded messages', () => {
    const a = msg(0, 'user', 'Hello world!'); // 3 + 4
    const b = msg(1, 'assistant', 'Hello'); // 1 + 4
    const gone = { ...msg(2, 'assistant', 'c'.repeat(400)), superseded: true };
    expect(estimateTokens([a, b, gone], 100)).toBe(112);
    expect(estimateTokens([], 0)).toBe(0);
  });

  it("takes a message's size from metadata.token_estimate (recorded usage may make it larger than its text)", () => {
    const m = msg(0, 'user', 'Hello world!');
    const calibrated = { ...m, metadata: { ...m.metadata, token_estimate: 999 } };
    expect(estimateTokens([calibrated], 0)).toBe(999);
  });

  it('matches the per-message sum on a real transcript', () => {
    const { messages } = loadOpenAiChat('astropy__astropy-12907.traj.json');
    const sum = messages.reduce((n, m) => n + m.metadata.token_estimate, 0);
    expect(estimateTokens(messages, 500)).toBe(sum + 500);
    expect(sum).toBeGreaterThan(20_000);
  });
});
