import { describe, expect, it } from 'vitest';
import { LEAD_MS, MAX_AHEAD_ROWS, reachWindow, REST_ROWS, ScrollReach } from './scroll-reach';

const range = (startIndex: number, endIndex: number, count = 100_000) => ({ startIndex, endIndex, count });

/** A steady scroll: `frames` renders `ms` apart, the view's first row moving `by` rows each, from row `from`. */
function scrolled(reach: ScrollReach, from: number, by: number, ms: number, frames: number, viewRows = 19): number[] {
  const aheads: number[] = [];
  for (let frame = 0; frame <= frames; frame += 1) {
    reach.note(from + by * frame, viewRows, frame * ms);
    aheads.push(reach.ahead(frame * ms));
  }
  return aheads;
}

describe('overscan tuned to the scroll speed', () => {
  it('draws a few rows on each side of a still view', () => {
    const reach = new ScrollReach();
    reach.note(100, 19, 0);
    expect(reach.ahead(0)).toBe(0);
    expect(reachWindow(range(100, 118), 0)).toEqual(Array.from({ length: 19 + 2 * REST_ROWS }, (_, i) => 100 - REST_ROWS + i));
  });

  it('reaches ahead, the way the view moves, as far as it moves in a fifth of a second, filling that over a few renders', () => {
    expect(LEAD_MS).toBe(200);
    // 4,000 px/s at 60 frames a second: 2 rows of 34 px a frame (0.12 rows a ms: 24 rows in 200 ms).
    const trackpad = scrolled(new ScrollReach(), 100, 2, 16.7, 10);
    expect(trackpad.slice(0, 3)).toEqual([0, 8, 16]);
    expect(trackpad[10]).toBe(24);
    // 16,000 px/s: 8 rows a frame, the lead growing 8 rows a render beyond the move.
    const fast = scrolled(new ScrollReach(), 100, 8, 16.7, 40);
    expect(fast.slice(0, 4)).toEqual([0, 16, 24, 32]);
    expect(fast[40]).toBe(96);
    // Upwards: ahead is above the view.
    expect(scrolled(new ScrollReach(), 5_000, -8, 16.7, 40)[40]).toBe(-96);
  });

  it('reaches at least twice the longest recent move at once: a loaded machine moves far each frame', () => {
    // A loaded machine's 100 ms frames at 16,000 px/s: 47 rows a frame.
    expect(scrolled(new ScrollReach(), 100, 47, 100, 5)).toEqual([0, 94, 94, 94, 94, 94]);
    // A quarter-second frame (4 frames a second) still counts for the next.
    expect(scrolled(new ScrollReach(), 100, 29, 250, 3)[3]).toBe(58);
  });

  it('has drawn the rows for a frame several times slower than the last ones (a core taken, a garbage collection)', () => {
    // 4,000 px/s at 60 frames a second, then one frame of 100 ms: 12 rows in one move.
    const reach = new ScrollReach();
    scrolled(reach, 100, 2, 16.7, 10);
    const window = reachWindow(range(120, 138), reach.ahead(167));
    expect(window[window.length - 1]).toBeGreaterThanOrEqual(138 + 12);
    // 16,000 px/s: 8 rows a frame, then a 100 ms frame (47 rows), half a second into the scroll.
    const fast = new ScrollReach();
    scrolled(fast, 100, 8, 16.7, 30);
    expect(REST_ROWS + fast.ahead(30 * 16.7)).toBeGreaterThanOrEqual(47);
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
    scrolled(reach, 100, 8, 16.7, 10);
    expect(reach.ahead(167 + 1_100)).toBe(0);
    // To the end of the list, or to a row far away: nothing ahead there.
    scrolled(reach, 100, 8, 16.7, 10);
    reach.note(90_000, 19, 200);
    expect(reach.ahead(200)).toBe(0);
    scrolled(reach, 100, 8, 16.7, 10);
    expect(reach.rest()).toBe(true);
    expect(reach.ahead(167)).toBe(0);
    expect(reach.rest()).toBe(false);
  });

  it('counts a slow frame of a fast scroll as the scroll (a loaded machine), not as a jump', () => {
    // 16,000 px/s (0.47 rows a ms) in 100 ms frames, then one frame of 250 ms: 118 rows, more than
    // three views of 19, at the same speed. The next frame needs as many rows ahead.
    const reach = new ScrollReach();
    scrolled(reach, 100, 47, 100, 5);
    reach.note(335 + 118, 19, 750);
    expect(reach.ahead(750)).toBe(236);
    // The same long move the other way, or from a still view, is a jump.
    const turned = new ScrollReach();
    scrolled(turned, 1_000, 47, 100, 5);
    turned.note(1_235 - 118, 19, 750);
    expect(turned.ahead(750)).toBe(0);
    const still = new ScrollReach();
    still.note(100, 19, 0);
    still.note(218, 19, 250);
    expect(still.ahead(250)).toBe(0);
  });

  it('does not draw fewer rows ahead after shorter or slower moves while the view keeps moving one way', () => {
    const reach = new ScrollReach();
    // 8-row moves for half a second, then 2-row moves for a second (a slower scroll): the reach stays.
    scrolled(reach, 100, 8, 16.7, 30);
    const held = reach.ahead(30 * 16.7);
    expect(held).toBe(96);
    for (let frame = 31; frame <= 90; frame += 1) reach.note(340 + 2 * (frame - 30), 19, frame * 16.7);
    expect(reach.ahead(90 * 16.7)).toBe(held);
    // Turning back: ahead is above the view, from what the moves since say.
    reach.note(450, 19, 91 * 16.7);
    expect(reach.ahead(91 * 16.7)).toBe(-20);
    // At rest it starts again from what the next moves say.
    reach.rest();
    expect(reach.ahead(91 * 16.7)).toBe(0);
    reach.note(452, 19, 2_000);
    reach.note(455, 19, 2_016.7);
    expect(reach.ahead(2_016.7)).toBe(6);
  });

  it('never reaches further than the cap', () => {
    const reach = new ScrollReach();
    // A tall view on a starved machine: 150 rows a quarter second (less than three views of 60), 300 at twice that.
    scrolled(reach, 100, 150, 250, 3, 60);
    expect(reach.ahead(750)).toBe(MAX_AHEAD_ROWS);
  });

  it('reaches a few rows ahead of a view moving one row at a time', () => {
    // One row every 100 ms (340 px/s): 2 rows in a fifth of a second, twice the last move.
    expect(scrolled(new ScrollReach(), 100, 1, 100, 10)[10]).toBe(2);
  });
});
