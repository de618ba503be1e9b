import { describe, expect, it } from 'vitest';
import type { EventFrame } from '../domain/contract/types';
import { staleKeysOfBatch, type LiveFrame } from '../lib/live/live-effects';
import { LIVE_EFFECTS } from './live-effects';

/** What the registered features together make stale. */
const staleKeysFor = (frame: LiveFrame) => staleKeysOfBatch(LIVE_EFFECTS, [frame]);

describe('what a frame makes stale, by every registered feature', () => {
  it('refreshes the list row and the session header on session.updated, nothing else', () => {
    expect(staleKeysFor({ type: 'session.updated', session_id: 's1' })).toEqual([['sessions'], ['session', 's1', 'detail']]);
  });

  it('refreshes the history too when a followed transcript grew (messages_added)', () => {
    expect(staleKeysFor({ type: 'session.updated', session_id: 's1', data: { messages_added: 3 } })).toContainEqual(['session', 's1', 'history']);
    expect(staleKeysFor({ type: 'session.updated', session_id: 's1', data: { messages_added: 0 } })).not.toContainEqual(['session', 's1', 'history']);
  });

  it('refreshes the whole session and its ledger when a followed transcript was read again whole (reread)', () => {
    const keys = staleKeysFor({ type: 'session.updated', session_id: 's1', data: { reread: true } });
    expect(keys).toContainEqual(['session', 's1']);
    expect(keys).toContainEqual(['compaction-ledger', 's1']);
  });

  it('leaves the records a compaction frame carries to the caches it is applied to (no ledger, no whole session)', () => {
    const keys = staleKeysFor({ type: 'compaction.completed', session_id: 's2' });
    expect(keys).toContainEqual(['session', 's2', 'compaction-stats']);
    expect(keys).toContainEqual(['session', 's2', 'checkpoints']);
    expect(keys).toContainEqual(['project']);
    expect(keys).not.toContainEqual(['session', 's2']);
    expect(keys.some((key) => key[0] === 'compaction-ledger' || key[0] === 'compaction-series')).toBe(false);
  });

  it('never reads the fleet\'s spiral watch again per frame (at most once a minute: fleet-health/live.ts)', () => {
    for (const type of ['compaction.completed', 'compaction.noop', 'compaction.failed', 'compaction.updated', 'session.updated'] as EventFrame['type'][]) {
      expect(staleKeysFor({ type, session_id: 's4' })).not.toContainEqual(['compaction-health', 'spiral-watch']);
    }
  });

  it('refreshes the checkpoints on checkpoint frames and the whole session on a rollback', () => {
    expect(staleKeysFor({ type: 'checkpoint.created', session_id: 's3' })).toContainEqual(['session', 's3', 'checkpoints']);
    expect(staleKeysFor({ type: 'compaction.rolled_back', session_id: 's3' })).toContainEqual(['session', 's3']);
  });

  it('refreshes project aggregates on compaction and checkpoint frames only', () => {
    for (const type of ['compaction.completed', 'compaction.flagged', 'checkpoint.created', 'compaction.rolled_back'] as EventFrame['type'][]) {
      expect(staleKeysFor({ type, session_id: 's4' })).toContainEqual(['project']);
    }
    expect(staleKeysFor({ type: 'session.updated', session_id: 's4' })).not.toContainEqual(['project']);
  });
});

describe('staleKeysOfBatch', () => {
  it('answers each key once, in registration order', () => {
    const effects = [
      { feature: 'a', staleKeys: () => [['x'], ['y']] },
      { feature: 'b' },
      { feature: 'c', staleKeys: () => [['y'], ['z', 1]] },
    ];
    expect(staleKeysOfBatch(effects, [{ type: 'session.updated', session_id: 's' }])).toEqual([['x'], ['y'], ['z', 1]]);
  });

  it('answers the keys of a batch once for the whole batch, in the order first met', () => {
    const effects = [{ feature: 'a', staleKeys: (frame: LiveFrame) => [['session', frame.session_id], ['all']] }];
    const frames: LiveFrame[] = ['s1', 's2', 's1', 's2'].map((session_id) => ({ type: 'compaction.completed', session_id }));
    expect(staleKeysOfBatch(effects, frames)).toEqual([['session', 's1'], ['all'], ['session', 's2']]);
  });
});
