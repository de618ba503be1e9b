import { describe, expect, it } from 'vitest';
import { holdFor, RateWindow, type Pacing } from './pacing';

const pacing: Pacing = { aboveRate: 1000, gapMs: 60 };

describe('RateWindow', () => {
  it('counts the frames of the last second only, once the stream has run a second', () => {
    const rate = new RateWindow();
    rate.add(0, 300);
    rate.add(400, 500);
    rate.add(900, 0);
    rate.add(1100, 100);
    expect(rate.perSecond(1100)).toBe(600);
    expect(rate.perSecond(1400)).toBe(100);
    expect(rate.perSecond(2200)).toBe(0);
  });

  it('judges a stream that began less than a second ago by the time it has run', () => {
    const rate = new RateWindow(250);
    // 1,000 events a second (2,000 frames) for a tenth of a second: known as such then, not half a second later.
    rate.add(0, 100);
    rate.add(50, 100);
    rate.add(100, 100);
    expect(rate.perSecond(100)).toBe(1200);
    expect(rate.perSecond(300)).toBe(1000);
    // A lone lump (a compaction's few frames) is not a heavy stream.
    const lump = new RateWindow(250);
    lump.add(5000, 5);
    expect(lump.perSecond(5000)).toBe(20);
  });

  it('starts again after a quiet second', () => {
    const rate = new RateWindow(250);
    rate.add(0, 2000);
    rate.add(1500, 50);
    expect(rate.perSecond(1500)).toBe(200);
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
