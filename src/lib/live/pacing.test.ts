import { describe, expect, it } from 'vitest';
import { holdFor, RateWindow, type Pacing } from './pacing';

const pacing: Pacing = { aboveRate: 1000, gapMs: 60 };

describe('RateWindow', () => {
  it('counts the frames of the last second only', () => {
    const rate = new RateWindow();
    rate.add(0, 300);
    rate.add(400, 500);
    rate.add(900, 0);
    expect(rate.perSecond(900)).toBe(800);
    expect(rate.perSecond(1000)).toBe(500);
    expect(rate.perSecond(1400)).toBe(0);
  });
});

describe('holdFor', () => {
  it('applies at once below the rate, and the first batch always', () => {
    expect(holdFor(1000, 990, 1000, pacing)).toBe(0);
    expect(holdFor(1000, null, 5000, pacing)).toBe(0);
  });

  it('above the rate, holds a batch until the gap since the last one has passed', () => {
    expect(holdFor(1000, 990, 1001, pacing)).toBe(50);
    expect(holdFor(1000, 940, 2000, pacing)).toBe(0);
    expect(holdFor(1000, 900, 2000, pacing)).toBe(0);
  });
});
