import { afterEach, describe, expect, it } from 'vitest';
import {
  applySave,
  beginPendingSave,
  clearPendingSaves,
  endPendingSave,
  noteOwnSave,
  pendingSave,
  rebaseVersion,
  saveInTurn,
  withPendingSave,
} from './pending-saves';
import { makeRecord } from '../../../test-support/test-records';

afterEach(clearPendingSaves);

describe('pending saves', () => {
  it('lays a save in flight on top of any record that arrives, and only until it ends', () => {
    const token = beginPendingSave('cmp_1', { flag: 'bad' });
    const arrived = makeRecord({ id: 'cmp_1', operator_flag: null, version: 4 });
    expect(withPendingSave(arrived)).toMatchObject({ operator_flag: 'bad', version: 4 });
    endPendingSave('cmp_1', token);
    expect(withPendingSave(arrived)).toBe(arrived);
  });

  it('leaves other records alone, as the same object', () => {
    beginPendingSave('cmp_1', { flag: 'bad' });
    const other = makeRecord({ id: 'cmp_2' });
    expect(withPendingSave(other)).toBe(other);
  });

  it('merges saves in flight, later ones winning; each ends only its own', () => {
    const first = beginPendingSave('cmp_1', { flag: 'good', notes: 'a' });
    const second = beginPendingSave('cmp_1', { flag: 'bad' });
    expect(pendingSave('cmp_1')).toEqual({ flag: 'bad', notes: 'a' });
    endPendingSave('cmp_1', first);
    expect(pendingSave('cmp_1')).toEqual({ flag: 'bad' });
    endPendingSave('cmp_1', second);
    expect(pendingSave('cmp_1')).toBeUndefined();
  });

  it('applies a save as the daemon stores it: an empty note clears the notes, absent fields stay', () => {
    const record = makeRecord({ operator_flag: 'good', operator_notes: 'old' });
    expect(applySave(record, { notes: '' })).toMatchObject({ operator_flag: 'good', operator_notes: null });
    expect(applySave(record, { flag: null })).toMatchObject({ operator_flag: null, operator_notes: 'old' });
    expect(applySave(record, { flag: 'good' })).toBe(record);
  });
});

describe('saves in turn', () => {
  it('runs the saves of one record one after another, even when one fails', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const a = saveInTurn('cmp_1', async () => {
      order.push('a start');
      await gate;
      order.push('a end');
      throw new Error('a failed');
    });
    const b = saveInTurn('cmp_1', async () => {
      order.push('b');
      return 'b done';
    });
    const other = saveInTurn('cmp_2', async () => {
      order.push('other');
    });
    await other;
    expect(order).toEqual(['a start', 'other']);
    release();
    await expect(a).rejects.toThrow('a failed');
    await expect(b).resolves.toBe('b done');
    expect(order).toEqual(['a start', 'other', 'a end', 'b']);
  });

  it('rebases an edit past this tab’s own saves, not past anybody else’s', () => {
    noteOwnSave('cmp_1', 3, 4);
    noteOwnSave('cmp_1', 4, 5);
    expect(rebaseVersion('cmp_1', 3)).toBe(5);
    expect(rebaseVersion('cmp_1', 5)).toBe(5);
    expect(rebaseVersion('cmp_1', 2)).toBe(2);
    expect(rebaseVersion('cmp_2', 3)).toBe(3);
  });
});
