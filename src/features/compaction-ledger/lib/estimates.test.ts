import { describe, expect, it } from 'vitest';
import { estimateMarks } from './estimates';

describe('estimates against thresholds', () => {
  it('places before, after and the thresholds on the window', () => {
    const marks = estimateMarks({ threshold_estimate: 172_000, after_estimate: 116_000, context_window: 200_000, window_upper: 0.85, window_lower: 0.6 });
    expect(marks.after).toBeCloseTo(58);
    expect(marks).toMatchObject({ scale: 200_000, before: 86, upper: 85, lower: 60, window: 100, upperTokens: 170_000, lowerTokens: 120_000, overUpper: 2_000, aboveLower: -4_000, saved: 56_000 });
  });

  it('stretches the scale when the estimate was past the window (a provider overflow)', () => {
    const marks = estimateMarks({ threshold_estimate: 250_000, after_estimate: 100_000, context_window: 200_000, window_upper: 0.85, window_lower: 0.6 });
    expect(marks.scale).toBe(250_000);
    expect(marks.before).toBe(100);
    expect(marks.window).toBe(80);
  });

  it('tells a manual compaction below the upper threshold, and a miss of the lower one', () => {
    const marks = estimateMarks({ threshold_estimate: 100_000, after_estimate: 90_000, context_window: 128_000, window_upper: 0.85, window_lower: 0.6 });
    expect(marks.overUpper).toBeLessThan(0);
    expect(marks.aboveLower).toBe(90_000 - 76_800);
  });
});
