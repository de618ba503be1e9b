import { describe, expect, it } from 'vitest';
import { MAX_AHEAD_ROWS, reachWindow, REST_ROWS, ScrollReach } from './scroll-reach';

const range = (startIndex: number, endIndex: number, count = 100_000) => ({ startIndex, endIndex, count });

describe('overscan tuned to the scroll speed', () => {
  it('draws a few rows on each side of a still view', () => {
    const reach = new ScrollReach();
    reach.note(100, 0);
    expect(reach.ahead(0)).toBe(0);
    expect(reachWindow(range(100, 118), 0)).toEqual(Array.from({ length: 19 + 2 * REST_ROWS }, (_, i) => 100 - REST_ROWS + i));
  });

  it('reaches as far ahead as the view moved between renders, and half as far again, the way it moves', () => {
    const reach = new ScrollReach();
    // 4,000 px/s at 60 frames a second: 2 rows of 34 px a frame.
    for (let frame = 0; frame <= 10; frame += 1) reach.note(100 + 2 * frame, frame * 16.7);
    expect(reach.ahead(167)).toBe(3);
    // 16,000 px/s: 8 rows a frame; a loaded machine's 100 ms frames: 47 rows a frame.
    const fast = new ScrollReach();
    for (let frame = 0; frame <= 10; frame += 1) fast.note(100 + 8 * frame, frame * 16.7);
    expect(fast.ahead(167)).toBe(12);
    const loaded = new ScrollReach();
    for (let frame = 0; frame <= 5; frame += 1) loaded.note(100 + 47 * frame, frame * 100);
    expect(loaded.ahead(500)).toBe(71);
    // A quarter-second frame (4 frames a second) still counts for the next.
    const starved = new ScrollReach();
    for (let frame = 0; frame <= 3; frame += 1) starved.note(100 + 29 * frame, frame * 250);
    expect(starved.ahead(750)).toBe(44);
    // Upwards: ahead is above the view.
    const up = new ScrollReach();
    for (let frame = 0; frame <= 10; frame += 1) up.note(5_000 - 8 * frame, frame * 16.7);
    expect(up.ahead(167)).toBe(-12);
  });

  it('puts the rows ahead in the window on the side the view moves to, and keeps the window inside the list', () => {
    const down = reachWindow(range(100, 118), 12);
    expect(down[0]).toBe(100 - REST_ROWS);
    expect(down[down.length - 1]).toBe(118 + REST_ROWS + 12);
    const up = reachWindow(range(100, 118), -12);
    expect(up[0]).toBe(100 - REST_ROWS - 12);
    expect(up[up.length - 1]).toBe(118 + REST_ROWS);
    expect(reachWindow(range(0, 18, 20), 12)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(reachWindow(range(0, -1, 0), 12)).toEqual([]);
  });

  it('forgets the speed once the view has been still, and a jump does not reach further than the cap', () => {
    const reach = new ScrollReach();
    for (let frame = 0; frame <= 10; frame += 1) reach.note(100 + 8 * frame, frame * 16.7);
    expect(reach.ahead(167 + 1_100)).toBe(0);
    reach.note(90_000, 1_500);
    expect(reach.ahead(1_500)).toBe(MAX_AHEAD_ROWS);
  });

  it('needs no rows ahead when the view moves one row at a time', () => {
    const reach = new ScrollReach();
    for (let frame = 0; frame <= 10; frame += 1) reach.note(100 + frame, frame * 100);
    expect(reach.ahead(1_000)).toBe(0);
  });
});
