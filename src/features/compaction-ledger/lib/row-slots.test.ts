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
  it('keeps the staying rows’ slots and gives entering rows new ones when only a few enter', () => {
    const slots = new RowSlots(3);
    const first = slots.assign(ids(0, 8));
    expect(new Set(first).size).toBe(8);
    // A live arrival at the top: r7 left, "new" enters; the others keep their elements.
    const arrival = slots.assign(['new', ...ids(0, 7)]);
    expect(arrival.slice(1)).toEqual(first.slice(0, 7));
    expect(first).not.toContain(arrival[0]);
    // Scrolled down two rows: the kept rows stay, two new slots at the end.
    const down = slots.assign(ids(1, 9));
    expect(down.slice(0, 6)).toEqual(arrival.slice(2, 8));
    expect(arrival).not.toContain(down[6]);
    expect(arrival).not.toContain(down[7]);
  });

  it('keeps every slot in its place when many rows enter, so no element moves', () => {
    const slots = new RowSlots(3);
    const first = slots.assign(ids(0, 8));
    // Scrolled down five rows (more than three entering): the same slots, in the same order.
    expect(slots.assign(ids(5, 13))).toEqual(first);
    // A jump far away, then up a lot: still the same.
    expect(slots.assign(ids(500, 508))).toEqual(first);
    expect(slots.assign(ids(490, 498))).toEqual(first);
  });

  it('adds slots at the end when the window grows, and drops them when it shrinks', () => {
    const slots = new RowSlots(3);
    const first = slots.assign(ids(0, 5));
    const longer = slots.assign(ids(900, 907));
    expect(longer.slice(0, 5)).toEqual(first);
    expect(new Set(longer).size).toBe(7);
    expect(slots.assign(ids(900, 904))).toEqual(longer.slice(0, 4));
  });

  it('keeps the slots’ order whenever rows stay: React never has to move an element', () => {
    const slots = new RowSlots(3);
    let previous = slots.assign(ids(0, 28));
    // Down one, two more, up one, a jump, one more, back to the top, a live arrival there.
    for (const window of [ids(1, 29), ids(3, 31), ids(2, 30), ids(40, 68), ids(41, 69), ids(0, 28), ['new', ...ids(0, 27)]]) {
      const next = slots.assign(window);
      expect(new Set(next).size).toBe(window.length);
      // The slots found in both windows come in the same order in both.
      const shared = next.filter((slot) => previous.includes(slot));
      expect(shared).toEqual(previous.filter((slot) => next.includes(slot)));
      previous = next;
    }
  });
});
