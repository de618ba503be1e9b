import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from the base, within the jitter range', () => {
    const low = { random: () => 0 };
    const high = { random: () => 0.999999 };
    expect(backoffDelay(1, low)).toBe(250);
    expect(backoffDelay(1, high)).toBe(500);
    expect(backoffDelay(2, high)).toBe(1000);
    expect(backoffDelay(3, high)).toBe(2000);
    expect(backoffDelay(4, low)).toBe(2000);
  });

  it('never exceeds the cap', () => {
    for (const attempt of [6, 10, 50, 1000]) {
      expect(backoffDelay(attempt, { random: () => 0.999999 })).toBeLessThanOrEqual(15_000);
      expect(backoffDelay(attempt, { random: () => 0 })).toBe(7_500);
    }
    expect(backoffDelay(9, { capMs: 4_000, random: () => 0.999999 })).toBe(4_000);
  });

  it('treats attempt 0 like the first', () => {
    expect(backoffDelay(0, { random: () => 0.999999 })).toBe(500);
  });
});
