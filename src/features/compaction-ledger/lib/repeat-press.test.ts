import { afterEach, describe, expect, it } from 'vitest';
import { beginPendingSave, clearPendingSaves, endPendingSave } from './pending-saves';
import { isRepeatPress } from './repeat-press';

afterEach(clearPendingSaves);

describe('a repeated press on a flag button', () => {
  it('ignores the second click of a double click, whatever it would do', () => {
    expect(isRepeatPress('cmp_1', 'good', false, 2)).toBe(true);
    expect(isRepeatPress('cmp_1', 'good', true, 3)).toBe(true);
  });

  it('ignores a press that would clear the flag a save in flight is setting', () => {
    const token = beginPendingSave('cmp_1', { flag: 'bad' });
    expect(isRepeatPress('cmp_1', 'bad', true, 0)).toBe(true);
    // Another flag is a new choice, chained after the first save.
    expect(isRepeatPress('cmp_1', 'good', false, 0)).toBe(false);
    endPendingSave('cmp_1', token);
    // Once saved, pressing it again clears it as usual.
    expect(isRepeatPress('cmp_1', 'bad', true, 1)).toBe(false);
  });

  it('does not hold back a flag press while only notes are being saved', () => {
    beginPendingSave('cmp_1', { notes: 'x' });
    expect(isRepeatPress('cmp_1', 'good', true, 0)).toBe(false);
  });
});
