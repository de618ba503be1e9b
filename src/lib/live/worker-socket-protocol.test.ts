import { describe, expect, it } from 'vitest';
import { batchDelay, cameInTime, MIN_BATCH_GAP_MS } from './worker-socket-protocol';

describe('batchDelay', () => {
  it('hands the first message over at once', () => {
    expect(batchDelay(1000, null)).toBe(0);
  });

  it('hands a message over at once when the last batch went a frame ago or more', () => {
    expect(batchDelay(1000, 1000 - MIN_BATCH_GAP_MS)).toBe(0);
    expect(batchDelay(1000, 200)).toBe(0);
  });

  it('holds a message of a burst until a frame has passed since the last batch', () => {
    expect(batchDelay(1000, 995)).toBe(MIN_BATCH_GAP_MS - 5);
    expect(batchDelay(1000, 1000)).toBe(MIN_BATCH_GAP_MS);
  });
});

describe('cameInTime', () => {
  it('takes a batch that reached the page within a frame of being handed over as in time, not one that waited longer', () => {
    expect(cameInTime(1000, 1000)).toBe(true);
    expect(cameInTime(1000, 1000 + MIN_BATCH_GAP_MS)).toBe(true);
    expect(cameInTime(1000, 1001 + MIN_BATCH_GAP_MS)).toBe(false);
  });
});
