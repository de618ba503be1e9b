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

/** A history agent's window: as the seeded daemon resolves it (its seeded overrides, the catalog, the fallback). */
export function historyWindow(alias: string): ContextWindow {
  const model = findModel(alias);
  return resolveWindow({ override: SEEDED_WINDOW_OVERRIDES[model.windowKey], catalog: model.catalog?.max_input_tokens });
}
