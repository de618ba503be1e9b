import { describe, expect, it } from 'vitest';
import { catalogModel, catalogModels, findModel, pricesOf } from './catalog';
import table from './model-catalog.json';

describe('the model catalog (LiteLLM’s model map)', () => {
  it('resolves every id the map names, as LiteLLM names it, to a window', () => {
    const keys = (table.models as unknown[][]).map((row) => [row[7] as string, row[2] as number | null] as const);
    expect(keys.length).toBeGreaterThan(200);
    for (const [key, window] of keys) expect(catalogModel(key)?.max_input_tokens, key).toBe(window);
  });

  it('resolves the dated ids transcripts carry, with or without a provider', () => {
    for (const id of ['claude-opus-4-1-20250805', 'anthropic:claude-sonnet-4-20250514', 'claude-3-5-sonnet-20241022', 'anthropic/claude-haiku-4-5-20251001', 'claude-sonnet-4-5@20250929']) {
      expect(catalogModel(id), id).toBeDefined();
    }
    expect(catalogModel('claude-3-5-sonnet-20241022')?.max_input_tokens).toBe(200_000);
    expect(catalogModel('openai:gpt-4o-2024-08-06')?.name).toBe('gpt-4o-2024-08-06');
    expect(catalogModel('gpt-5.3-codex')?.max_input_tokens).toBeGreaterThan(0);
    expect(catalogModel('gemini-3-pro-preview')?.provider).toBe('google');
    expect(catalogModel('deepseek/deepseek-chat')?.max_input_tokens).toBe(131_072);
    expect(catalogModel('us.anthropic.claude-sonnet-4-5-20250929-v1:0')?.name).toBe('claude-sonnet-4-5-20250929');
  });

  it('a dated id the map names only undated finds the undated entry', () => {
    expect(catalogModel('claude-haiku-4-5-20991231')?.name).toBe('claude-haiku-4-5');
  });

  it('never takes another provider’s model of the same name, nor an unknown one', () => {
    expect(catalogModel('openai:claude-sonnet-4-5')).toBeUndefined();
    expect(catalogModel('anthropic:claude-unknown-9-20300101')).toBeUndefined();
    expect(catalogModel('ollama:qwen3-coder:30b')).toBeUndefined();
  });

  it('gives prices per token for input, cache read, cache write and output', () => {
    const opus = catalogModel('claude-opus-4-6');
    expect(opus?.prices).toEqual({ input: 5e-6, cache_read: 5e-7, cache_write: 6.25e-6, output: 2.5e-5 });
    for (const model of catalogModels().values()) {
      expect(model.prices.input, model.name).toBeGreaterThanOrEqual(0);
      expect(model.prices.output, model.name).toBeGreaterThanOrEqual(0);
    }
  });

  it('aliases name their models; a model no catalog knows costs nothing and has no window', () => {
    expect(findModel('sonnet')).toMatchObject({ alias: 'sonnet', id: 'anthropic:claude-sonnet-4-5', windowKey: 'anthropic:claude-sonnet-4-5' });
    expect(findModel('anthropic:claude-sonnet-4-5-20250929')).toMatchObject({ alias: null, id: 'anthropic:claude-sonnet-4-5-20250929', windowKey: 'anthropic:claude-sonnet-4-5-20250929' });
    const local = findModel('local-qwen');
    expect(local.catalog).toBeUndefined();
    expect(pricesOf(local)).toEqual({ input: 0, cache_read: null, cache_write: null, output: 0 });
  });
});
