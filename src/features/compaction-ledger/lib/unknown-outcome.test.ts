import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error';
import { holdsEdit, UnknownOutcomeError } from './unknown-outcome';

describe('holdsEdit', () => {
  const record = { operator_flag: 'bad' as const, operator_notes: 'kept the goal' };
  it('compares only what the save sets', () => {
    expect(holdsEdit(record, { flag: 'bad' })).toBe(true);
    expect(holdsEdit(record, { flag: 'good' })).toBe(false);
    expect(holdsEdit(record, { notes: 'kept the goal' })).toBe(true);
    expect(holdsEdit(record, { notes: 'other' })).toBe(false);
    expect(holdsEdit(record, { flag: 'bad', notes: 'kept the goal' })).toBe(true);
  });
  it('treats cleared notes and a cleared flag as the daemon stores them', () => {
    expect(holdsEdit({ operator_flag: null, operator_notes: null }, { flag: null, notes: '' })).toBe(true);
    expect(holdsEdit({ operator_flag: null, operator_notes: null }, { notes: null })).toBe(true);
  });
});

describe('UnknownOutcomeError', () => {
  it('says what the second read showed, naming the broken answer', () => {
    const original = new ApiError({ kind: 'invalid_response', endpoint: 'PATCH /sessions/{session_id}/compactions/{compaction_id}', message: 'must be integer', fieldPath: '/version', status: 200 });
    expect(new UnknownOutcomeError(original, 'not-saved').message).toMatch(/^The daemon's answer could not be trusted \(PATCH .* at \/version: must be integer\); reading the record again shows it was not saved\.$/);
    expect(new UnknownOutcomeError(original, 'unknown').message).toContain('whether it was saved is unknown');
  });
});
