import { describe, expect, it } from 'vitest';
import { RowSlots, type RowPlacement } from './row-slots';

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `r${from + i}`);
/** The slots in the order React gets them (the DOM's order), parked ones too. */
const rendered = (placement: RowPlacement) => placement.order.map((entry) => entry.slot);
/** The rows' positions in the DOM's order (null: a parked slot). */
const rows = (placement: RowPlacement) => placement.order.map((entry) => entry.row);

describe('the rows’ slots (React keys)', () => {
  it('keeps each staying row’s slot, so a scroll step renders only the rows entering', () => {
    const slots = new RowSlots();
    const first = slots.assign(ids(0, 8), false).slots;
    expect(new Set(first).size).toBe(8);
    // Scrolled down three rows: r3…r7 keep their slots; r8…r10 take those of r0…r2, top to bottom.
    const down = slots.assign(ids(3, 11), true).slots;
    expect(down.slice(0, 5)).toEqual(first.slice(3, 8));
    expect(down.slice(5)).toEqual(first.slice(0, 3));
  });

  it('creates, removes and moves no element while the view moves: the DOM order of the slots stays', () => {
    const slots = new RowSlots();
    const start = rendered(slots.assign(ids(0, 28), false));
    // Down, further, a window that jumps past its length, and back up.
    for (const window of [ids(2, 30), ids(10, 38), ids(500, 528), ids(490, 518)]) expect(rendered(slots.assign(window, true))).toEqual(start);
  });

  it('puts the elements back in the rows’ order once the view rests', () => {
    const slots = new RowSlots();
    slots.assign(ids(0, 8), false);
    const moved = slots.assign(ids(3, 11), true);
    // While moving, the DOM order is not the rows' order (r8…r10 sit where r0…r2 were).
    expect(rows(moved)).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const rest = slots.assign(ids(3, 11), false);
    expect(rows(rest)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(rest.slots).toEqual(moved.slots);
  });

  it('gives a live arrival at the top the slot of the row it pushed out of the window', () => {
    const slots = new RowSlots();
    const first = slots.assign(ids(0, 8), false).slots;
    const arrival = slots.assign(['new', ...ids(0, 7)], false).slots;
    expect(arrival.slice(1)).toEqual(first.slice(0, 7));
    expect(arrival[0]).toBe(first[7]);
  });

  it('adds slots at the end of the DOM when the window grows; while moving, a shrinking window parks the slots left over', () => {
    const slots = new RowSlots();
    const first = rendered(slots.assign(ids(0, 5), false));
    const longer = slots.assign(ids(2, 12), true);
    expect(new Set(longer.slots).size).toBe(10);
    expect(rendered(longer).slice(0, 5)).toEqual(first);
    // Four rows now: the six slots left over stay where they are in the DOM, parked.
    const shorter = slots.assign(ids(8, 12), true);
    expect(shorter.slots).toEqual(longer.slots.slice(6));
    expect(rendered(shorter)).toEqual(rendered(longer));
    expect(rows(shorter).filter((row) => row === null)).toHaveLength(6);
    // The next rows entering take the parked slots: no slot is created.
    const again = slots.assign(ids(10, 20), true);
    expect(rendered(again)).toEqual(rendered(longer));
    expect(rows(again).filter((row) => row === null)).toHaveLength(0);
    // At rest the parked ones go.
    slots.assign(ids(14, 18), true);
    const rest = slots.assign(ids(14, 18), false);
    expect(rest.order).toHaveLength(4);
    expect(rows(rest)).toEqual([0, 1, 2, 3]);
  });
});
