import { describe, expect, it } from 'vitest';
import { readAhead, READ_AHEAD_ROWS, TOP_ROWS } from './read-ahead';

describe('readAhead', () => {
  it('asks for nothing while the window is far from the loaded end, or when no page can be read', () => {
    expect(readAhead({ first: 0, last: 20 }, 200, true)).toBeNull();
    expect(readAhead({ first: 150, last: 170 }, 200, false)).toBeNull();
    expect(readAhead({ first: 180, last: 199 }, 200, false)).toBeNull();
  });

  it('reads at once when the window is scrolled near the loaded end', () => {
    expect(readAhead({ first: 150, last: 200 - READ_AHEAD_ROWS }, 200, true)).toBe('now');
    expect(readAhead({ first: 170, last: 190 }, 200, true)).toBe('now');
  });

  it('reads as much earlier again as the window reaches beyond the view while it moves', () => {
    // 16,000 px/s: the window reaches 96 rows below the view.
    expect(readAhead({ first: 1_000, last: 1_115, ahead: 96 }, 1_300, true)).toBeNull();
    expect(readAhead({ first: 1_050, last: 1_165, ahead: 96 }, 1_300, true)).toBe('now');
    expect(readAhead({ first: 1_050, last: 1_165 }, 1_300, true)).toBeNull();
  });

  it('with the top in view, waits for an idle moment (live records may push the end away meanwhile)', () => {
    // A view just cut back to its first page of 50: the window reaches within 40 rows of its end.
    expect(readAhead({ first: 0, last: 22 }, 50, true)).toBe('idle');
    expect(readAhead({ first: TOP_ROWS - 1, last: 31 }, 50, true)).toBe('idle');
    // Scrolled a little further, the same nearness reads at once.
    expect(readAhead({ first: TOP_ROWS, last: 32 }, 50, true)).toBe('now');
  });

  it('reads at once when the loaded end itself is in the window, top or not', () => {
    expect(readAhead({ first: 0, last: 11 }, 12, true)).toBe('now');
    expect(readAhead({ first: 0, last: 21 }, 12, true)).toBe('now');
  });
});
