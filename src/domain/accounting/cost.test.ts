import { describe, expect, it } from 'vitest';
import { addCosts, compactorShare, costTotal, priceUsage, usageInput, type ModelPrices } from './cost';

const OPUS: ModelPrices = { input: 5e-6, cache_read: 5e-7, cache_write: 6.25e-6, output: 2.5e-5 };

describe('cost', () => {
  it('prices each part of a call at its own price', () => {
    const usage = { input: 10, cache_read: 167_093, cache_write: 2_807, output: 3_698 };
    const parts = priceUsage(usage, OPUS);
    expect(parts).toEqual({ input_usd: 0.00005, cache_read_usd: 0.0835465, cache_write_usd: 0.01754375, output_usd: 0.09245 });
    expect(costTotal(parts)).toBeCloseTo(0.19359025, 8);
    expect(usageInput(usage)).toBe(169_910);
  });

  it('cache reads are not priced as input: the same tokens uncached cost ten times more', () => {
    const cached = costTotal(priceUsage({ input: 0, cache_read: 100_000, cache_write: 0, output: 0 }, OPUS));
    const uncached = costTotal(priceUsage({ input: 100_000, cache_read: 0, cache_write: 0, output: 0 }, OPUS));
    expect(uncached / cached).toBeCloseTo(10, 6);
  });

  it('a price the source omits is the input price: no discount invented', () => {
    const parts = priceUsage({ input: 0, cache_read: 1_000, cache_write: 1_000, output: 0 }, { input: 1e-6, cache_read: null, cache_write: null, output: 2e-6 });
    expect(parts.cache_read_usd).toBe(0.001);
    expect(parts.cache_write_usd).toBe(0.001);
  });

  it('adds parts and gives the compactor share', () => {
    const a = priceUsage({ input: 1_000, cache_read: 0, cache_write: 0, output: 100 }, OPUS);
    expect(costTotal(addCosts(a, a))).toBeCloseTo(2 * costTotal(a), 10);
    expect(compactorShare({ compactor_usd: 1, primary_usd: 19 })).toBe(0.05);
    expect(compactorShare({ compactor_usd: 0, primary_usd: 0 })).toBe(0);
  });
});
