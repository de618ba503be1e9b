import { describe, expect, it } from 'vitest';
import { bareModelName, canonicalModelName, lookupModel, modelProvider } from './models';

describe('model ids', () => {
  it('strips provider and region prefixes and Bedrock version suffixes', () => {
    expect(bareModelName('anthropic:claude-opus-4-6')).toBe('claude-opus-4-6');
    expect(bareModelName('gemini/gemini-2.5-pro')).toBe('gemini-2.5-pro');
    expect(bareModelName('models/gemini-3-pro-preview')).toBe('gemini-3-pro-preview');
    expect(bareModelName('vertex_ai/claude-sonnet-4-5@20250929')).toBe('claude-sonnet-4-5@20250929');
    expect(bareModelName('us.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe('claude-sonnet-4-5-20250929');
    expect(bareModelName('ollama:qwen3-coder:30b')).toBe('qwen3-coder:30b');
    expect(bareModelName('deepseek/deepseek-v3')).toBe('deepseek-v3');
  });

  it('drops release dates and -latest', () => {
    expect(canonicalModelName('claude-sonnet-4-5-20250929')).toBe('claude-sonnet-4-5');
    expect(canonicalModelName('openai:gpt-4o-2024-08-06')).toBe('gpt-4o');
    expect(canonicalModelName('claude-sonnet-4-5@20250929')).toBe('claude-sonnet-4-5');
    expect(canonicalModelName('claude-3-7-sonnet-latest')).toBe('claude-3-7-sonnet');
  });

  it('finds the exact dated entry first, else the undated one', () => {
    const table = new Map([
      ['claude-opus-4-1-20250805', 'dated'],
      ['claude-opus-4-1', 'undated'],
      ['claude-sonnet-4-5', 'sonnet'],
    ]);
    expect(lookupModel(table, 'anthropic:claude-opus-4-1-20250805')).toBe('dated');
    expect(lookupModel(table, 'claude-opus-4-1')).toBe('undated');
    expect(lookupModel(table, 'claude-sonnet-4-5-20260101')).toBe('sonnet');
    expect(lookupModel(table, 'claude-unknown')).toBeUndefined();
  });

  it('knows the provider family from a prefix or the name', () => {
    expect(modelProvider('claude-opus-4-6')).toBe('anthropic');
    expect(modelProvider('gpt-5.3-codex')).toBe('openai');
    expect(modelProvider('o4-mini')).toBe('openai');
    expect(modelProvider('gemini-3-pro-preview')).toBe('google');
    expect(modelProvider('gemini/gemini-2.5-pro')).toBe('google');
    expect(modelProvider('deepseek-chat')).toBe('deepseek');
    expect(modelProvider('ollama:qwen3-coder:30b')).toBe('ollama');
    expect(modelProvider('us.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe('anthropic');
    expect(modelProvider('mystery-model')).toBeNull();
  });
});
