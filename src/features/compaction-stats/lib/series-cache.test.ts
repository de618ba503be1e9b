import { describe, expect, it } from 'vitest';
import type { CompactionRecord } from '../../../lib/api/types';
import { makeRecord } from '../../../lib/test-records';
import { addToSeries, markRolledBackInSeries, replaceInSeries } from './series-cache';

const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 10, minute)).toISOString();

function rec(id: string, minute: number, patch: Partial<CompactionRecord> = {}): CompactionRecord {
  return makeRecord({ id, created_at: at(minute), ...patch });
}

describe('the stats charts’ sample', () => {
  const page = { items: [rec('b', 2), rec('a', 1)], next_cursor: 'x', total: 40 };

  it('takes a new record first, keeping at most the limit, counted', () => {
    const next = addToSeries(page, rec('c', 3), null, 2);
    expect(next.items.map((r) => r.id)).toEqual(['c', 'b']);
    expect(next.total).toBe(41);
  });

  it('takes only the records of its agent', () => {
    expect(addToSeries(page, rec('c', 3, { agent_path: 'primary/explore' }), 'primary', 10)).toBe(page);
    expect(addToSeries(page, rec('c', 3, { agent_path: 'primary' }), 'primary', 10).items).toHaveLength(3);
  });

  it('replaces a record with a newer version only, and never adds one twice', () => {
    expect(replaceInSeries(page, rec('a', 1, { version: 2, operator_flag: 'bad' })).items[1]?.operator_flag).toBe('bad');
    const newer = { ...page, items: [rec('b', 2), rec('a', 1, { version: 3 })] };
    expect(replaceInSeries(newer, rec('a', 1, { version: 2 }))).toBe(newer);
    expect(addToSeries(page, rec('a', 1), null, 10).items).toHaveLength(2);
  });

  it('marks rolled-back records', () => {
    expect(markRolledBackInSeries(page, ['a']).items[1]?.rolled_back).toBe(true);
    expect(markRolledBackInSeries(page, ['zzz'])).toBe(page);
  });
});
