import { describe, expect, it } from 'vitest';
import { makeRecord } from '../test-records';
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
});
