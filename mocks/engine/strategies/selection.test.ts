import { describe, expect, it } from 'vitest';
import { msg } from '../test-support/build';
import type { Unit } from '../units';
import { extendToMinimumMessages, takeOldestUntil } from './selection';

const unit = (key: string, tokens: number, size = 1): Unit => ({
  key,
  kind: 'single',
  messages: Array.from({ length: size }, (_, i) => msg(i, 'user', key)),
  positions: [],
  pinned: false,
  tokens,
  missing_results: [],
});

describe('takeOldestUntil', () => {
  const units = [unit('a', 100), unit('b', 200), unit('c', 300), unit('d', 400)];

  it('takes the oldest units until current − removed + reserve ≤ target', () => {
    expect(takeOldestUntil(units, 1_000, 700, 0).taken.map((u) => u.key)).toEqual(['a', 'b']);
    expect(takeOldestUntil(units, 1_000, 700, 0).reached).toBe(true);
    // a 150-token summary must fit too
    expect(takeOldestUntil(units, 1_000, 700, 150).taken.map((u) => u.key)).toEqual(['a', 'b', 'c']);
  });

  it('takes nothing when already at the target', () => {
    expect(takeOldestUntil(units, 700, 700, 500)).toEqual({ taken: [], reached: true });
  });

  it('reports an unreachable target after taking everything', () => {
    const s = takeOldestUntil(units, 2_000, 500, 0);
    expect(s.reached).toBe(false);
    expect(s.taken).toHaveLength(4);
  });
});

describe('extendToMinimumMessages', () => {
  it('adds the next oldest units until the window holds enough messages', () => {
    const units = [unit('a', 1, 4), unit('b', 1, 1), unit('c', 1, 4), unit('d', 1, 1)];
    expect(extendToMinimumMessages(units.slice(0, 1), units, 6).map((u) => u.key)).toEqual(['a', 'b', 'c']);
    expect(extendToMinimumMessages(units.slice(0, 2), units, 3).map((u) => u.key)).toEqual(['a', 'b']);
    expect(extendToMinimumMessages(units.slice(0, 1), units, 100)).toHaveLength(4);
  });
});
