import { describe, expect, it } from 'vitest';
import { makeRecord } from '../../../test-support/test-records';
import { appendNote, isDone, NOTES_MAX, planFor, summarizeResults, type BulkResult } from './bulk-edit';

describe('bulk edit: one edit over a selection', () => {
  it('flags only the events that do not have that flag yet', () => {
    expect(planFor({ operator_flag: 'bad', operator_notes: null }, { kind: 'flag', flag: 'bad' })).toEqual({ kind: 'already' });
    expect(planFor({ operator_flag: null, operator_notes: 'x' }, { kind: 'flag', flag: 'bad' })).toEqual({ kind: 'send', edit: { flag: 'bad' } });
    expect(planFor({ operator_flag: 'good', operator_notes: null }, { kind: 'flag', flag: null })).toEqual({ kind: 'send', edit: { flag: null } });
  });

  it('adds a note below the notes already there, never replacing them, and never twice', () => {
    expect(appendNote(null, 'hindsight 0.4.2 fixed this')).toBe('hindsight 0.4.2 fixed this');
    expect(appendNote('lost the test name', 'hindsight 0.4.2 fixed this')).toBe('lost the test name\n\nhindsight 0.4.2 fixed this');
    const record = { operator_flag: null, operator_notes: 'lost the test name' };
    const plan = planFor(record, { kind: 'note', text: 'fixed in 0.4.2' });
    expect(plan).toEqual({ kind: 'send', edit: { notes: 'lost the test name\n\nfixed in 0.4.2' } });
    // Applied once already (an answer that was lost): not again.
    expect(planFor({ operator_flag: null, operator_notes: 'lost the test name\n\nfixed in 0.4.2' }, { kind: 'note', text: 'fixed in 0.4.2' })).toEqual({ kind: 'already' });
  });

  it("refuses a note that would take an event's notes past the daemon's limit, saying by how much", () => {
    const plan = planFor({ operator_flag: null, operator_notes: 'x'.repeat(NOTES_MAX - 3) }, { kind: 'note', text: 'more' });
    expect(plan.kind).toBe('refused');
    expect(plan.kind === 'refused' && plan.message).toBe('its notes would be 20,003 characters; the daemon keeps at most 20,000');
  });

  it('counts the outcomes in one line; only saved and already-so are done', () => {
    const result = (outcome: BulkResult['outcome']): BulkResult => ({ sessionId: 's', compactionId: 'c', outcome });
    const results = [
      result({ kind: 'saved' }),
      result({ kind: 'saved' }),
      result({ kind: 'conflict', current: makeRecord({}) }),
      result({ kind: 'already' }),
      result({ kind: 'failed', message: '503' }),
    ];
    expect(summarizeResults(results)).toBe('2 saved, 1 already so, 1 conflict, 1 failed');
    expect(results.filter((r) => isDone(r.outcome))).toHaveLength(3);
    expect(summarizeResults([])).toBe('');
  });
});
