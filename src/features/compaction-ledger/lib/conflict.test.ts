import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error';
import { conflictRecord } from './conflict';
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
