import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error';
import { conflictHoldingEdit, conflictRecord } from './conflict';
import { makeRecord } from '../../../test-support/test-records';

const conflict = (details: Record<string, unknown> | null) =>
  new ApiError({ kind: 'http', endpoint: 'PATCH /sessions/{session_id}/compactions/{compaction_id}', status: 409, code: 'version_conflict', message: 'stale', details });

describe('409 version conflicts', () => {
  it('answers the current record a conflict carries', () => {
    const current = makeRecord({ version: 5, operator_notes: 'theirs' });
    expect(conflictRecord(conflict({ current }))).toEqual(current);
  });

  it('answers null for a current record that breaks the contract', () => {
    expect(conflictRecord(conflict({ current: { id: 'x' } }))).toBeNull();
    expect(conflictRecord(conflict(null))).toBeNull();
  });

  it('answers null for other failures', () => {
    expect(conflictRecord(new ApiError({ kind: 'http', endpoint: 'x', status: 500, message: 'boom' }))).toBeNull();
    expect(conflictRecord(new ApiError({ kind: 'network', endpoint: 'x', message: 'offline' }))).toBeNull();
    expect(conflictRecord(new Error('x'))).toBeNull();
  });
});

describe('a 409 that already holds the edit', () => {
  const current = makeRecord({ version: 3, operator_flag: 'bad', operator_notes: 'hindsight injected stale facts' });

  it('answers the current record when it holds the notes and the flag sent (a resend of a save the daemon applied)', () => {
    expect(conflictHoldingEdit(conflict({ current }), { notes: 'hindsight injected stale facts' }, 2)).toEqual(current);
    expect(conflictHoldingEdit(conflict({ current }), { flag: 'bad' }, 2)).toEqual(current);
    expect(conflictHoldingEdit(conflict({ current }), { flag: 'bad', notes: 'hindsight injected stale facts' }, 2)).toEqual(current);
  });

  it('answers null when any value sent differs: the operator chooses', () => {
    expect(conflictHoldingEdit(conflict({ current }), { notes: 'something else' }, 2)).toBeNull();
    expect(conflictHoldingEdit(conflict({ current }), { flag: 'good', notes: 'hindsight injected stale facts' }, 2)).toBeNull();
    expect(conflictHoldingEdit(conflict({ current }), { flag: null }, 2)).toBeNull();
  });

  it('answers null for a current record not newer than the version sent, and for other failures', () => {
    expect(conflictHoldingEdit(conflict({ current }), { flag: 'bad' }, 3)).toBeNull();
    expect(conflictHoldingEdit(new ApiError({ kind: 'http', endpoint: 'x', status: 500, message: 'boom' }), { flag: 'bad' }, 2)).toBeNull();
  });

  it('compares notes as the daemon stores them: cleared notes are none', () => {
    const cleared = makeRecord({ version: 4, operator_notes: null });
    expect(conflictHoldingEdit(conflict({ current: cleared }), { notes: '' }, 3)).toEqual(cleared);
  });
});
