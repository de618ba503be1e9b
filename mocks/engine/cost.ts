// Summarizer / compactor model cost (ADR-0024 § Cost surfacing): a separate line item, priced
// cache-aware by the accounting module like every other cost.

import { costTotal, priceUsage, type TokenUsage } from '../../src/domain/accounting/cost';
import type { SummarizerSpec } from './engine-types';
import type { PluginCost } from './types';

/** 'provider:model' → parts; a bare name gets provider 'unknown'. */
export function splitModel(qualified: string): { provider: string; model: string } {
  const cut = qualified.indexOf(':');
  if (cut <= 0) return { provider: 'unknown', model: qualified };
  return { provider: qualified.slice(0, cut), model: qualified.slice(cut + 1) };
}

/** A summarizer or compactor call at its model's prices: uncached input, cache reads and writes, output. */
export function modelCost(spec: Pick<SummarizerSpec, 'model' | 'prices'>, usage: TokenUsage): PluginCost {
  const { provider, model } = splitModel(spec.model);
  const parts = priceUsage(usage, spec.prices);
  return {
    provider,
    model,
    input_tokens: usage.input,
    cache_read_tokens: usage.cache_read,
    cache_write_tokens: usage.cache_write,
    output_tokens: usage.output,
    cost_usd: costTotal(parts),
    parts,
  };
}

/** A simulated summarizer call: it reads the window it summarizes uncached and writes the summary. */
export function freshCall(input: number, output: number): TokenUsage {
  return { input, cache_read: 0, cache_write: 0, output };
}
