import { describe, expect, it } from 'vitest';
import { approxBytes, DryRunProposals } from './dry-run-proposals';
import type { Message } from './types';

const message = (id: string, content = 'x'): Message =>
  ({ id, content, tool_calls: [{ id: 'c1', name: 'read', arguments: '{"path":"a"}' }] }) as unknown as Message;
const list = (n: number, content = 'x') => Array.from({ length: n }, (_, i) => message(`m${i}`, content));
/** A kept proposal's list, or what get says instead. */
const listOf = (kept: DryRunProposals, sessionId: string, id: string) => {
  const got = kept.get(sessionId, id);
  return got === null || got === 'expired' ? got : got.messages;
};

describe('DryRunProposals', () => {
  it('keeps the latest proposals of a session up to the count, the oldest dropped first; a dropped id has expired', () => {
    const kept = new DryRunProposals({ count: 3, bytes: Number.MAX_SAFE_INTEGER });
    const ids = [1, 2, 3, 4, 5].map((n) => kept.keep('s1', list(n)));
    expect(new Set(ids).size).toBe(5);
    expect(kept.ids('s1')).toEqual(ids.slice(2));
    expect(kept.get('s1', ids[0] as string)).toBe('expired');
    expect(kept.get('s1', ids[1] as string)).toBe('expired');
    expect(listOf(kept, 's1', ids[4] as string)).toHaveLength(5);
  });

  it('bounds each session on its own', () => {
    const kept = new DryRunProposals({ count: 2, bytes: Number.MAX_SAFE_INTEGER });
    const a = kept.keep('s1', list(1));
    kept.keep('s2', list(1));
    kept.keep('s2', list(1));
    kept.keep('s2', list(1));
    expect(listOf(kept, 's1', a)).toHaveLength(1);
    expect(kept.ids('s2')).toHaveLength(2);
  });

  it('drops the oldest while the bytes are over the bound, and keeps the newest even alone over it', () => {
    const one = approxBytes(message('m', 'y'.repeat(1000)));
    const kept = new DryRunProposals({ count: 10, bytes: 25 * one });
    const first = kept.keep('s1', list(10, 'y'.repeat(1000)));
    const second = kept.keep('s1', list(10, 'y'.repeat(1000)));
    const third = kept.keep('s1', list(10, 'y'.repeat(1000)));
    expect(kept.ids('s1')).toEqual([second, third]);
    expect(kept.get('s1', first)).toBe('expired');
    const huge = kept.keep('s1', list(40, 'y'.repeat(1000)));
    expect(kept.ids('s1')).toEqual([huge]);
  });

  it('tells an id it never gave (another daemon’s, garbage) from an expired one', () => {
    const kept = new DryRunProposals({ count: 1, bytes: Number.MAX_SAFE_INTEGER });
    const id = kept.keep('s1', list(1));
    expect(kept.get('s2', id)).toBe('expired');
    expect(kept.get('s1', id.replace(/_[a-z0-9]+$/, '_zz'))).toBeNull();
    expect(kept.get('s1', 'prp_other_1')).toBeNull();
    expect(kept.get('s1', 'nonsense')).toBeNull();
  });

  it('keeps the pruned entries of a proposal by message id', () => {
    const kept = new DryRunProposals();
    const entry = { message_id: 'm1', tokens_before: 900, tokens_after: 12 };
    const got = kept.get('s1', kept.keep('s1', list(3), [entry]));
    expect(got !== null && got !== 'expired' ? [...got.pruned.entries()] : got).toEqual([['m1', entry]]);
  });

  it('estimates a message by its texts', () => {
    expect(approxBytes(message('m', 'z'.repeat(5000)))).toBeGreaterThan(5000);
    expect(approxBytes(message('m', 'z'.repeat(5000))) - approxBytes(message('m', ''))).toBe(5000);
  });
});
