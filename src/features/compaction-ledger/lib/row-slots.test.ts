import { describe, expect, it } from 'vitest';
import { fixedWindow, naturalLength, RowSlots } from './row-slots';

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `r${from + i}`);

describe('the ledger window', () => {
  it('keeps one length however the view cuts the rows', () => {
    // 19 rows in view, then 20 (a row cut at the top and at the bottom): the same 28 rows, one further.
    const a = fixedWindow({ startIndex: 100, endIndex: 118, overscan: 4, count: 10_000 }, 28);
    const b = fixedWindow({ startIndex: 101, endIndex: 120, overscan: 4, count: 10_000 }, 28);
    expect(a).toEqual(Array.from({ length: 28 }, (_, i) => 96 + i));
    expect(b).toEqual(Array.from({ length: 28 }, (_, i) => 97 + i));
  });

  it('stays inside the list at both ends', () => {
    expect(fixedWindow({ startIndex: 0, endIndex: 18, overscan: 4, count: 10_000 }, 28)).toEqual(Array.from({ length: 28 }, (_, i) => i));
    const end = fixedWindow({ startIndex: 9_981, endIndex: 9_999, overscan: 4, count: 10_000 }, 28);
    expect(end[0]).toBe(9_972);
    expect(end[end.length - 1]).toBe(9_999);
    expect(fixedWindow({ startIndex: 0, endIndex: 4, overscan: 4, count: 5 }, 28)).toEqual([0, 1, 2, 3, 4]);
    expect(fixedWindow({ startIndex: 0, endIndex: -1, overscan: 4, count: 0 }, 28)).toEqual([]);
  });

  it('counts the rows in view and the overscan on both sides', () => {
    expect(naturalLength({ startIndex: 100, endIndex: 118, overscan: 4, count: 10_000 })).toBe(27);
  });
});

describe('the rows’ slots (React keys)', () => {
  it('keeps a row’s slot while it stays, and gives the slots of the rows that left to the rows entering below', () => {
    const slots = new RowSlots();
    const first = slots.assign(ids(0, 5));
    expect(new Set(first).size).toBe(5);
    // Scrolled down two rows: r0 and r1 left, r5 and r6 take their slots, in their order.
    const second = slots.assign(ids(2, 7));
    expect(second).toEqual([first[2], first[3], first[4], first[0], first[1]]);
  });

  it('gives rows entering above the kept ones new slots (React inserts them; the kept rows stay put)', () => {
    const slots = new RowSlots();
    const first = slots.assign(ids(2, 7));
    // Scrolled up one row, or a live arrival at the top: r1 is new, r6 left.
    const second = slots.assign(ids(1, 6));
    expect(second.slice(1)).toEqual(first.slice(0, 4));
    expect(first).not.toContain(second[0]);
    const arrival = slots.assign(['new', ...ids(1, 5)]);
    expect(arrival.slice(1)).toEqual(second.slice(0, 4));
    expect(second).not.toContain(arrival[0]);
  });

  it('gives a row entering between kept ones a new slot', () => {
    const slots = new RowSlots();
    const first = slots.assign(['a', 'b', 'c']);
    const second = slots.assign(['a', 'x', 'b']);
    expect([second[0], second[2]]).toEqual([first[0], first[1]]);
    expect(first).not.toContain(second[1]);
  });

  it('reuses every slot in the same order after a jump, so nothing moves', () => {
    const slots = new RowSlots();
    const first = slots.assign(ids(0, 5));
    expect(slots.assign(ids(500, 505))).toEqual(first);
    // A longer window: the slots it had, then new ones.
    const longer = slots.assign(ids(900, 907));
    expect(longer.slice(0, 5)).toEqual(first);
    expect(new Set(longer).size).toBe(7);
  });

  it('names every row once, whatever the windows', () => {
    const slots = new RowSlots();
    for (const [from, to] of [[0, 28], [3, 31], [1, 29], [40, 68], [60, 88], [59, 87], [0, 5], [2, 30]] as const) {
      const assigned = slots.assign(ids(from, to));
      expect(new Set(assigned).size).toBe(to - from);
    }
  });
});
