import { describe, expect, it } from 'vitest';
import { MAX_AHEAD_ROWS, reachWindow, REST_ROWS, ScrollReach } from './scroll-reach';

const range = (startIndex: number, endIndex: number, count = 100_000) => ({ startIndex, endIndex, count });

describe('overscan tuned to the scroll speed', () => {
  it('draws a few rows on each side of a still view', () => {
    const reach = new ScrollReach();
    reach.note(100, 19, 0);
    expect(reach.ahead(0)).toBe(0);
    expect(reachWindow(range(100, 118), 0)).toEqual(Array.from({ length: 19 + 2 * REST_ROWS }, (_, i) => 100 - REST_ROWS + i));
  });

  it('reaches as far ahead as the view moved between renders, and half as far again, the way it moves', () => {
    const reach = new ScrollReach();
    // 4,000 px/s at 60 frames a second: 2 rows of 34 px a frame.
    for (let frame = 0; frame <= 10; frame += 1) reach.note(100 + 2 * frame, 19, frame * 16.7);
    expect(reach.ahead(167)).toBe(4);
    // 16,000 px/s: 8 rows a frame; a loaded machine's 100 ms frames: 47 rows a frame.
    const fast = new ScrollReach();
    for (let frame = 0; frame <= 10; frame += 1) fast.note(100 + 8 * frame, 19, frame * 16.7);
    expect(fast.ahead(167)).toBe(16);
    const loaded = new ScrollReach();
    for (let frame = 0; frame <= 5; frame += 1) loaded.note(100 + 47 * frame, 19, frame * 100);
    expect(loaded.ahead(500)).toBe(94);
    // A quarter-second frame (4 frames a second) still counts for the next.
    const starved = new ScrollReach();
    for (let frame = 0; frame <= 3; frame += 1) starved.note(100 + 29 * frame, 19, frame * 250);
    expect(starved.ahead(750)).toBe(58);
    // Upwards: ahead is above the view.
    const up = new ScrollReach();
    for (let frame = 0; frame <= 10; frame += 1) up.note(5_000 - 8 * frame, 19, frame * 16.7);
    expect(up.ahead(167)).toBe(-16);
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

  it('forgets the speed once the view has rested or been still, and a jump is not a scroll', () => {
    const reach = new ScrollReach();
    for (let frame = 0; frame <= 10; frame += 1) reach.note(100 + 8 * frame, 19, frame * 16.7);
    expect(reach.ahead(167 + 1_100)).toBe(0);
    // To the end of the list, or to a row far away: nothing ahead there.
    for (let frame = 0; frame <= 10; frame += 1) reach.note(100 + 8 * frame, 19, frame * 16.7);
    reach.note(90_000, 19, 200);
    expect(reach.ahead(200)).toBe(0);
    for (let frame = 0; frame <= 10; frame += 1) reach.note(100 + 8 * frame, 19, frame * 16.7);
    expect(reach.rest()).toBe(true);
    expect(reach.ahead(167)).toBe(0);
    expect(reach.rest()).toBe(false);
  });

  it('counts a slow frame of a fast scroll as the scroll (a loaded machine), not as a jump', () => {
    // 16,000 px/s (0.47 rows a ms) in 100 ms frames, then one frame of 250 ms: 118 rows, more than
    // three views of 19, at the same speed. The next frame needs as many rows ahead.
    const reach = new ScrollReach();
    for (let frame = 0; frame <= 5; frame += 1) reach.note(100 + 47 * frame, 19, frame * 100);
    reach.note(335 + 118, 19, 750);
    expect(reach.ahead(750)).toBe(MAX_AHEAD_ROWS);
    // The same long move the other way, or from a still view, is a jump.
    const turned = new ScrollReach();
    for (let frame = 0; frame <= 5; frame += 1) turned.note(1_000 + 47 * frame, 19, frame * 100);
    turned.note(1_235 - 118, 19, 750);
    expect(turned.ahead(750)).toBe(0);
    const still = new ScrollReach();
    still.note(100, 19, 0);
    still.note(218, 19, 250);
    expect(still.ahead(250)).toBe(0);
  });

  it('does not draw fewer rows ahead after a shorter move while the view keeps moving one way', () => {
    const reach = new ScrollReach();
    // 8 rows, then a run of 2-row moves (a second after the long one): the reach stays at 16.
    reach.note(100, 19, 0);
    reach.note(108, 19, 16.7);
    expect(reach.ahead(16.7)).toBe(16);
    for (let frame = 2; frame <= 80; frame += 1) reach.note(108 + 2 * (frame - 1), 19, frame * 16.7);
    expect(reach.ahead(80 * 16.7)).toBe(16);
    // Turning back: ahead is above the view, as far as the recent moves say.
    reach.note(260, 19, 81 * 16.7);
    expect(reach.ahead(81 * 16.7)).toBe(-12);
    // At rest it starts again from what the next moves say.
    reach.rest();
    expect(reach.ahead(81 * 16.7)).toBe(0);
    reach.note(262, 19, 2_000);
    reach.note(265, 19, 2_016.7);
    expect(reach.ahead(2_016.7)).toBe(6);
  });

  it('never reaches further than the cap', () => {
    const reach = new ScrollReach();
    // A tall view on a starved machine: 57 rows a frame (less than three views), 114 ahead; 80 a frame would be 160.
    for (let frame = 0; frame <= 3; frame += 1) reach.note(100 + 80 * frame, 60, frame * 250);
    expect(reach.ahead(750)).toBe(MAX_AHEAD_ROWS);
  });

  it('needs no rows ahead when the view moves one row at a time', () => {
    const reach = new ScrollReach();
    for (let frame = 0; frame <= 10; frame += 1) reach.note(100 + frame, 19, frame * 100);
    expect(reach.ahead(1_000)).toBe(0);
  });
});
