import { describe, expect, it } from 'vitest';
import { percentToThreshold, thresholdToPercent, tokenLimits } from './thresholds';

describe('thresholds', () => {
  it('converts fractions and percents without floating-point noise', () => {
    expect(thresholdToPercent(0.85)).toBe(85);
    expect(thresholdToPercent(0.57)).toBe(57);
    expect(thresholdToPercent(0.855)).toBe(85.5);
    expect(percentToThreshold(85)).toBe(0.85);
    expect(percentToThreshold(57)).toBe(0.57);
    for (let p = 0; p <= 100; p += 0.5) expect(thresholdToPercent(percentToThreshold(p))).toBe(p);
  });

  it('integer token limits that agree with the fractions', () => {
    expect(tokenLimits(32_000, 0.85, 0.6)).toEqual({ upper: 27_200, target: 19_200 });
    expect(tokenLimits(200_000, 0.85, 0.6)).toEqual({ upper: 170_000, target: 120_000 });
    expect(tokenLimits(128_000, 0.333, 0.1)).toEqual({ upper: 42_624, target: 12_800 });
    expect(tokenLimits(1_001, 0.5, 0.5)).toEqual({ upper: 501, target: 500 });
  });
});
