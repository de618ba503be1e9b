/**
 * Money: every cost figure (a primary model call, a summarizer or compactor call, a session's
 * split, the lab's comparison) is priced here, cache-aware, on one basis: uncached input, cache
 * reads, cache writes and output, each at the model's own price per token.
 */

/** A call's tokens as providers bill them. `input` is the uncached input only. */
export interface TokenUsage {
  input: number;
  cache_read: number;
  cache_write: number;
  output: number;
}

/** USD per token, as LiteLLM's model map gives them. Null: the source gives no price for that kind (see priceUsage). */
export interface ModelPrices {
  input: number;
  cache_read: number | null;
  cache_write: number | null;
  output: number;
}

/** A cost in its parts, USD. */
export interface CostParts {
  input_usd: number;
  cache_read_usd: number;
  cache_write_usd: number;
  output_usd: number;
}

export const NO_USAGE: TokenUsage = { input: 0, cache_read: 0, cache_write: 0, output: 0 };
export const NO_COST: CostParts = { input_usd: 0, cache_read_usd: 0, cache_write_usd: 0, output_usd: 0 };

/** The context a call was sent: uncached input + cache reads + cache writes. */
export function usageInput(usage: TokenUsage): number {
  return usage.input + usage.cache_read + usage.cache_write;
}

/** USD rounded to 1e-8, so sums of float products stay stable in JSON. */
export function roundUsd(usd: number): number {
  return Math.round(usd * 1e8) / 1e8;
}

/**
 * What a call cost, in parts. A price the source does not give is the input price: no discount or
 * surcharge is invented (a model without a cache-read price bills cached tokens as input, and
 * providers that charge nothing extra for cache writes bill them as input).
 */
export function priceUsage(usage: TokenUsage, prices: ModelPrices): CostParts {
  return {
    input_usd: roundUsd(usage.input * prices.input),
    cache_read_usd: roundUsd(usage.cache_read * (prices.cache_read ?? prices.input)),
    cache_write_usd: roundUsd(usage.cache_write * (prices.cache_write ?? prices.input)),
    output_usd: roundUsd(usage.output * prices.output),
  };
}

export function costTotal(parts: CostParts): number {
  return roundUsd(parts.input_usd + parts.cache_read_usd + parts.cache_write_usd + parts.output_usd);
}

export function addCosts(a: CostParts, b: CostParts): CostParts {
  return {
    input_usd: roundUsd(a.input_usd + b.input_usd),
    cache_read_usd: roundUsd(a.cache_read_usd + b.cache_read_usd),
    cache_write_usd: roundUsd(a.cache_write_usd + b.cache_write_usd),
    output_usd: roundUsd(a.output_usd + b.output_usd),
  };
}

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { input: a.input + b.input, cache_read: a.cache_read + b.cache_read, cache_write: a.cache_write + b.cache_write, output: a.output + b.output };
}

/**
 * The compactor's share of the spend: compactor ÷ (primary + compactor), both cache-aware (0 when
 * nothing was spent). A session's split, the health view's totals and the lab all give it so.
 */
export function compactorShare(cost: { compactor_usd: number; primary_usd: number }): number {
  const total = cost.primary_usd + cost.compactor_usd;
  return total > 0 ? cost.compactor_usd / total : 0;
}

/** The cost parts in the order screens list them, with their names. */
export const COST_PARTS: readonly { key: keyof CostParts; label: string }[] = [
  { key: 'input_usd', label: 'input' },
  { key: 'cache_read_usd', label: 'cache read' },
  { key: 'cache_write_usd', label: 'cache write' },
  { key: 'output_usd', label: 'output' },
];
