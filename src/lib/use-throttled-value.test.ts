import { describe, expect, it } from 'vitest';
import { throttleWait } from './use-throttled-value';

describe('throttleWait', () => {
  it('lets the first change through at once', () => {
    expect(throttleWait(Number.NEGATIVE_INFINITY, 1_000, 1_000)).toBe(0);
  });

  it('holds a change until the interval since the last one shown has passed', () => {
    expect(throttleWait(10_000, 10_250, 1_000)).toBe(750);
    expect(throttleWait(10_000, 11_000, 1_000)).toBe(0);
    expect(throttleWait(10_000, 15_000, 1_000)).toBe(0);
  });
});
