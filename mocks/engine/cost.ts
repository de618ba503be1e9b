// Summarizer / compactor model cost (ADR-0024 § Cost surfacing): a separate line item.

import type { SummarizerSpec } from './engine-types';
import type { PluginCost } from './types';

/** 'provider:model' → parts; a bare name gets provider 'unknown'. */
export function splitModel(qualified: string): { provider: string; model: string } {
  const cut = qualified.indexOf(':');
  if (cut <= 0) return { provider: 'unknown', model: qualified };
  return { provider: qualified.slice(0, cut), model: qualified.slice(cut + 1) };
}

/** USD rounded to 1e-8 so sums of float products stay stable in JSON. */
export function roundUsd(usd: number): number {
  return Math.round(usd * 1e8) / 1e8;
}

/** input × inputPerMTok / 1e6 + output × outputPerMTok / 1e6. */
export function modelCost(spec: SummarizerSpec, inputTokens: number, outputTokens: number): PluginCost {
  const { provider, model } = splitModel(spec.model);
  return {
    provider,
    model,
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    cost_usd: roundUsd((inputTokens * spec.inputPerMTok) / 1e6 + (outputTokens * spec.outputPerMTok) / 1e6),
  };
}
