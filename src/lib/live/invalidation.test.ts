import { describe, expect, it } from 'vitest';
import { staleKeysFor } from './invalidation';

describe('staleKeysFor', () => {
  it('refreshes the list and the session on session.updated', () => {
    expect(staleKeysFor({ type: 'session.updated', session_id: 's1' })).toEqual([['sessions'], ['session', 's1']]);
  });

  it('also refreshes project aggregates on compaction and checkpoint frames', () => {
    for (const type of ['compaction.completed', 'compaction.flagged', 'checkpoint.created'] as const) {
      expect(staleKeysFor({ type, session_id: 's2' })).toEqual([['sessions'], ['session', 's2'], ['project']]);
    }
  });
});
