import { describe, expect, it } from 'vitest';
import { makeRecord } from '../../../test-support/test-records';
import { pointRecordsSelector } from './point-records';

describe('pointRecordsSelector', () => {
  const a = makeRecord({ id: 'cmp_a' });
  const b = makeRecord({ id: 'cmp_b' });
  const other = makeRecord({ id: 'cmp_other' });

  it("keeps only the points' records, by id", () => {
    const select = pointRecordsSelector(['cmp_a', 'cmp_b', 'cmp_gone']);
    expect([...select([other, b, a]).entries()]).toEqual([
      ['cmp_b', b],
      ['cmp_a', a],
    ]);
  });

  it('answers the same map when a record that names no point arrives', () => {
    const select = pointRecordsSelector(['cmp_a']);
    const first = select([a]);
    expect(select([makeRecord({ id: 'cmp_new' }), a])).toBe(first);
  });

  it("answers a new map when a point's record changes or leaves", () => {
    const select = pointRecordsSelector(['cmp_a', 'cmp_b']);
    const first = select([a, b]);
    const flagged = { ...a, operator_flag: 'good' as const };
    const second = select([flagged, b]);
    expect(second).not.toBe(first);
    expect(second.get('cmp_a')).toBe(flagged);
    expect(select([flagged]).has('cmp_b')).toBe(false);
  });
});
