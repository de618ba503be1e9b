import { afterEach, describe, expect, it, vi } from 'vitest';
import { withDeadline } from './deadline';

describe('a bench step with a deadline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the answer of a step that ends in time', async () => {
    await expect(withDeadline(Promise.resolve(7), 1_000, 'scrolling the ledger')).resolves.toBe(7);
  });

  it("passes a step's own failure through", async () => {
    await expect(withDeadline(Promise.reject(new Error('stalled at 0 px')), 1_000, 'scrolling')).rejects.toThrow('stalled at 0 px');
  });

  it('fails a step that never ends, naming it, once the deadline passes', async () => {
    vi.useFakeTimers();
    const never = new Promise<number>(() => undefined);
    const step = withDeadline(never, 90_000, 'scrolling the ledger at 16000 px/s');
    let settled = false;
    const outcome = expect(step.finally(() => (settled = true))).rejects.toThrow('scrolling the ledger at 16000 px/s: no answer within 90 s');
    await vi.advanceTimersByTimeAsync(89_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('leaves no timer behind once the step ends', async () => {
    vi.useFakeTimers();
    await withDeadline(Promise.resolve('done'), 5_000, 'a step');
    expect(vi.getTimerCount()).toBe(0);
  });
});
