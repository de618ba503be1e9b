import { describe, expect, it } from 'vitest';
import { oldestPending, trackRequest, waitingLongerThan } from './pending-requests';

describe('pending requests', () => {
  it('names the request waiting longest and forgets each one that ends', () => {
    const endA = trackRequest('GET /a', 1_000);
    const endB = trackRequest('GET /b', 3_000);
    expect(oldestPending()).toEqual({ endpoint: 'GET /a', since: 1_000 });
    expect(waitingLongerThan(4_000, 6_000)).toBe(1);
    expect(waitingLongerThan(2_000, 6_000)).toBe(2);
    endA();
    expect(oldestPending()).toEqual({ endpoint: 'GET /b', since: 3_000 });
    endB();
    expect(oldestPending()).toBeNull();
    expect(waitingLongerThan(0, 6_000)).toBe(0);
  });

  it('ending a request twice is harmless (an answer and an abort)', () => {
    const end = trackRequest('GET /c', 0);
    end();
    end();
    expect(oldestPending()).toBeNull();
  });
});
