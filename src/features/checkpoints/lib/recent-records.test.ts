import { describe, expect, it } from 'vitest';
import { makeRecord } from '../../../test-support/test-records';
import { withNewRecords } from './recent-records';

describe('withNewRecords', () => {
  it('puts new records in front, newest first, and replaces ones already listed', () => {
    const a = makeRecord({ id: 'a' });
    const b = makeRecord({ id: 'b' });
    const c = makeRecord({ id: 'c' });
    const bAgain = makeRecord({ id: 'b', version: 2 });
    // The batch is in arrival order (oldest first); the list is newest first.
    expect(withNewRecords([b, a], [c, bAgain]).map((r) => [r.id, r.version])).toEqual([
      ['b', 2],
      ['c', 1],
      ['a', 1],
    ]);
  });

  it('keeps the newest `max` at most, however many live records come', () => {
    const listed = Array.from({ length: 5 }, (_, i) => makeRecord({ id: `old_${i}` }));
    const live = Array.from({ length: 4 }, (_, i) => makeRecord({ id: `new_${i}` }));
    expect(withNewRecords(listed, live, 6).map((r) => r.id)).toEqual(['new_3', 'new_2', 'new_1', 'new_0', 'old_0', 'old_1']);
    expect(withNewRecords([], Array.from({ length: 1200 }, (_, i) => makeRecord({ id: `r_${i}` })))).toHaveLength(1000);
  });
});
