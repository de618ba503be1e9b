import { describe, expect, it } from 'vitest';
import { ReadLimit } from './read-limit';

/** A read that ends when told: what the limit started, in its order. */
function reads(limit: ReadLimit) {
  const started: number[] = [];
  const ends = new Map<number, (value: number) => void>();
  const fails = new Map<number, (error: Error) => void>();
  const ask = (n: number, bytes = 1) =>
    limit.run(bytes, () => {
      started.push(n);
      return new Promise<number>((resolve, reject) => {
        ends.set(n, resolve);
        fails.set(n, reject);
      });
    });
  return { started, ask, end: (n: number) => ends.get(n)?.(n), fail: (n: number) => fails.get(n)?.(new Error(`read ${n} failed`)) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ReadLimit', () => {
  it('never runs more than its reads at once, and starts the rest in the order asked', async () => {
    const limit = new ReadLimit({ reads: 2, bytes: 1_000 });
    const r = reads(limit);
    const results = Array.from({ length: 6 }, (_, n) => r.ask(n));
    await settle();
    expect(r.started).toEqual([0, 1]);
    r.end(1);
    await settle();
    expect(r.started).toEqual([0, 1, 2]);
    expect(limit.inFlight).toBe(2);
    for (const n of [0, 2, 3, 4, 5]) {
      r.end(n);
      await settle();
      expect(limit.inFlight).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(r.started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(limit.peak.reads).toBe(2);
    expect(limit.inFlight).toBe(0);
  });

  it('keeps the bytes at once under its budget; a read larger than the budget runs alone', async () => {
    const limit = new ReadLimit({ reads: 4, bytes: 100 });
    const r = reads(limit);
    const results = [r.ask(0, 60), r.ask(1, 60), r.ask(2, 30), r.ask(3, 500), r.ask(4, 10)];
    await settle();
    // 1 does not fit beside 0, and 2 waits behind it (no read overtakes one asked before it).
    expect(r.started).toEqual([0]);
    r.end(0);
    await settle();
    expect(r.started).toEqual([0, 1, 2]);
    r.end(1);
    r.end(2);
    await settle();
    expect(r.started).toEqual([0, 1, 2, 3]);
    expect(limit.inFlight).toBe(1);
    r.end(3);
    await settle();
    r.end(4);
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(limit.peak.bytes).toBe(500);
  });

  it('loses nothing when reads fail: the error goes to its asker, its room to the next', async () => {
    const limit = new ReadLimit({ reads: 1, bytes: 1_000 });
    const r = reads(limit);
    const first = r.ask(0);
    const second = r.ask(1);
    await settle();
    r.fail(0);
    await expect(first).rejects.toThrow('read 0 failed');
    await settle();
    expect(r.started).toEqual([0, 1]);
    r.end(1);
    expect(await second).toBe(1);
    expect(limit.inFlight).toBe(0);
  });

  it('lets a read asked while the limit is full wait behind those already waiting', async () => {
    const limit = new ReadLimit({ reads: 1, bytes: 1_000 });
    const r = reads(limit);
    const results = [r.ask(0), r.ask(1)];
    await settle();
    r.end(0);
    // Asked between the end of 0 and the start of 1: still after 1.
    results.push(r.ask(2));
    await settle();
    expect(r.started).toEqual([0, 1]);
    r.end(1);
    await settle();
    r.end(2);
    expect(await Promise.all(results)).toEqual([0, 1, 2]);
    expect(limit.peak.reads).toBe(1);
  });
});
