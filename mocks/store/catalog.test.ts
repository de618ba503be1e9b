import { describe, expect, it } from 'vitest';
import { canonicalModelName, findModel } from './catalog';

describe('model ids resolve to their catalog entry, LiteLLM-style', () => {
  it('drops a release date suffix and the provider prefix', () => {
    expect(canonicalModelName('anthropic:claude-sonnet-4-5-20250929')).toBe('claude-sonnet-4-5');
    expect(canonicalModelName('anthropic/claude-haiku-4-5@20251001')).toBe('claude-haiku-4-5');
    expect(canonicalModelName('openai:gpt-5.1-2025-11-13')).toBe('gpt-5.1');
    expect(canonicalModelName('claude-opus-4-6-latest')).toBe('claude-opus-4-6');
  });

  it('finds the entry (not the 128k fallback) for dated ids, with or without a provider', () => {
    expect(findModel('anthropic:claude-sonnet-4-5-20250929')?.alias).toBe('sonnet');
    expect(findModel('claude-sonnet-4-5-20250929')?.alias).toBe('sonnet');
    expect(findModel('anthropic:claude-haiku-4-5-20251001')?.catalog_max_input_tokens).toBe(200_000);
    expect(findModel('deepseek:deepseek-chat')?.alias).toBe('deepseek');
  });

  it('keeps exact names first and refuses another provider\'s model of the same name', () => {
    expect(findModel('ollama:qwen3-coder:30b')?.alias).toBe('local-qwen');
    expect(findModel('bedrock:claude-sonnet-4-5-20250929')).toBeUndefined();
    expect(findModel('anthropic:claude-unknown-9-20300101')).toBeUndefined();
  });
});
