import { describe, expect, it } from 'vitest';
import type { CompactionRecord } from '../../../domain/contract/types';
import { makeRecord } from '../../../test-support/test-records';
import { addToSeries, applyToSeries, markRolledBackInSeries, replaceInSeries } from './series-cache';

const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 10, minute)).toISOString();

function rec(id: string, minute: number, patch: Partial<CompactionRecord> = {}): CompactionRecord {
  return makeRecord({ id, created_at: at(minute), ...patch });
}

describe('the stats charts’ sample', () => {
  const page = { items: [rec('b', 2), rec('a', 1)], next_cursor: 'x', total: 40 };

  it('takes a new record first, keeping at most the limit, counted', () => {
    const next = addToSeries(page, [rec('c', 3)], null, 2);
    expect(next.items.map((r) => r.id)).toEqual(['c', 'b']);
    expect(next.total).toBe(41);
  });

  it('takes only the records of its agent', () => {
    expect(addToSeries(page, [rec('c', 3, { agent_path: 'primary/explore' })], 'primary', 10)).toBe(page);
    expect(addToSeries(page, [rec('c', 3, { agent_path: 'primary' })], 'primary', 10).items).toHaveLength(3);
  });

  it('replaces a record with a newer version only, and never adds one twice', () => {
    expect(replaceInSeries(page, rec('a', 1, { version: 2, operator_flag: 'bad' })).items[1]?.operator_flag).toBe('bad');
    const newer = { ...page, items: [rec('b', 2), rec('a', 1, { version: 3 })] };
    expect(replaceInSeries(newer, rec('a', 1, { version: 2 }))).toBe(newer);
    expect(addToSeries(page, [rec('a', 1)], null, 10).items).toHaveLength(2);
  });

  it('takes a batch at once: newest first, counted once each, cut to the limit', () => {
    const next = addToSeries(page, [rec('c', 3), rec('d', 4), rec('e', 5)], null, 4);
    expect(next.items.map((r) => r.id)).toEqual(['e', 'd', 'c', 'b']);
    expect(next.total).toBe(43);
  });

  it('in a batch, a record already there or twice is a newer version at most, never a second row', () => {
    const next = addToSeries(
      page,
      [rec('c', 3), rec('a', 1, { version: 2, operator_flag: 'good' }), rec('c', 3, { version: 2, operator_flag: 'bad' }), rec('c', 3, { version: 1 })],
      null,
      10,
    );
    expect(next.items.map((r) => [r.id, r.operator_flag])).toEqual([
      ['c', 'bad'],
      ['b', null],
      ['a', 'good'],
    ]);
    expect(next.total).toBe(41);
    // Nothing new nor newer: the same page.
    expect(addToSeries(page, [rec('a', 1), rec('x', 9, { agent_path: 'other' })], 'primary', 10)).toBe(page);
  });

  it('applies a batch’s changes in order: a change to a record of the same batch finds it', () => {
    const next = applyToSeries(
      page,
      [
        { kind: 'new', record: rec('c', 3) },
        { kind: 'rolled_back', sessionId: 's', ids: ['c', 'b'] },
        { kind: 'new', record: rec('d', 4) },
        { kind: 'changed', record: rec('d', 4, { version: 2, operator_flag: 'bad' }) },
      ],
      null,
      10,
    );
    expect(next.items.map((r) => [r.id, r.rolled_back, r.operator_flag])).toEqual([
      ['d', false, 'bad'],
      ['c', true, null],
      ['b', true, null],
      ['a', false, null],
    ]);
    expect(next.total).toBe(42);
  });

  it('marks rolled-back records', () => {
    expect(markRolledBackInSeries(page, ['a']).items[1]?.rolled_back).toBe(true);
    expect(markRolledBackInSeries(page, ['zzz'])).toBe(page);
  });
});
