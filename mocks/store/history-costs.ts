import { costTotal, priceUsage, type CostParts, type TokenUsage } from '../../src/domain/accounting/cost';
import { resolveWindow } from '../../src/domain/accounting/window';
import type { ContextWindow } from '../../src/domain/contract/types';
import { freshCall, modelCost } from '../engine/cost';
import type { PluginCost } from '../engine/types';
import { findModel, pricesOf, SEEDED_WINDOW_OVERRIDES } from './catalog';

/**
 * The generated history's money and windows, priced and resolved like every live event's (the
 * accounting module, the catalog): the generator and the records it materializes use these, so a
 * history record's cost is the one its columns were summed from.
 */

/** The summarizer call of a history event: it reads the `before` context and writes the summary. */
export function historySummarizerCost(summarizer: string, before: number, summaryTokens: number): PluginCost {
  const model = findModel(summarizer);
  return modelCost({ model: model.id, prices: pricesOf(model) }, freshCall(before, summaryTokens));
}

/** The agent's own calls since its previous compaction, attributed to the event: six calls sending about `before`, mostly from the cache. */
export function historyPrimaryUsage(before: number): TokenUsage {
  return { input: 0, cache_read: Math.round(before * 6 * 0.85), cache_write: Math.round(before * 6 * 0.15), output: 6 * 400 };
}

export function historyPrimaryCost(alias: string, before: number): CostParts {
  return priceUsage(historyPrimaryUsage(before), pricesOf(findModel(alias)));
}

export function historyPrimaryUsd(alias: string, before: number): number {
  return costTotal(historyPrimaryCost(alias, before));
}

/** A history agent's window: as the seeded daemon resolves it (its seeded overrides, the catalog, the fallback). */
export function historyWindow(alias: string): ContextWindow {
  const model = findModel(alias);
  return resolveWindow({ override: SEEDED_WINDOW_OVERRIDES[model.windowKey], catalog: model.catalog?.max_input_tokens });
}
