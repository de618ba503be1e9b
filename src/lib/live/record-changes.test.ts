import { describe, expect, it } from 'vitest';
import type { EventFrame } from '../../domain/contract/types';
import { recordChangeOf } from './record-changes';
import { makeRecord } from '../../test-support/test-records';

const frame = (type: EventFrame['type'], data: Record<string, unknown>, session_id = 'ses_test'): Pick<EventFrame, 'type' | 'session_id' | 'data'> => ({ type, session_id, data });

describe('live frames about compaction records', () => {
  it('reads a new record and a changed one', () => {
    const record = makeRecord();
    expect(recordChangeOf(frame('compaction.completed', { record }))).toEqual({ kind: 'new', record });
    expect(recordChangeOf(frame('compaction.flagged', { record }))).toEqual({ kind: 'changed', record });
    // Figures measured again (a followed transcript grew): the cached record is replaced likewise.
    expect(recordChangeOf(frame('compaction.updated', { record }))).toEqual({ kind: 'changed', record });
  });

  it('reads rolled-back ids', () => {
    expect(recordChangeOf(frame('compaction.rolled_back', { checkpoint_id: 'chk_1', compaction_ids: ['a', 'b'] }))).toEqual({ kind: 'rolled_back', sessionId: 'ses_test', ids: ['a', 'b'] });
  });

  it('refuses records that break the contract or belong to another session', () => {
    expect(recordChangeOf(frame('compaction.completed', { record: { ...makeRecord(), version: 0 } }))?.kind).toBe('invalid');
    expect(recordChangeOf(frame('compaction.completed', {}))?.kind).toBe('invalid');
    expect(recordChangeOf(frame('compaction.flagged', { record: makeRecord({ session_id: 'other' }) }))?.kind).toBe('invalid');
    expect(recordChangeOf(frame('compaction.rolled_back', { compaction_ids: [1] }))?.kind).toBe('invalid');
  });

  it('ignores other frames', () => {
    expect(recordChangeOf(frame('session.updated', {}))).toBeNull();
    expect(recordChangeOf(frame('compaction.noop', { agent_path: 'primary' }))).toBeNull();
  });
});
