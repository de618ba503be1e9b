import { describe, expect, it } from 'vitest';
import { PERSISTED_FIELDS, restoreStore, SnapshotDiffer } from './persisted';
import { Store } from './store';
import { MemoryBackend } from './test-support/memory-backend';
import type { SessionState } from './types';

function session(id: string): SessionState {
  return {
    id,
    project_id: 'p',
    title: `Session ${id}`,
    status: 'idle',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    source: { kind: 'generated', name: id },
    agents: [],
    pending_checkpoint_id: null,
    compactions: [],
    checkpoints: [],
    proposals: {},
    run_seq: 0,
  };
}

function audit(store: Store, sessionId: string) {
  return store.addAudit({ type: 'compaction.noop', at: '2026-11-01T00:00:00.000Z', session_id: sessionId, run_id: null, agent_path: 'primary', compaction_id: null, actor: 'harness', data: { reason: 'x' } });
}

const META = { format: 1, seed: 1, scale: 'normal' };

async function save(differ: SnapshotDiffer, store: Store, backend: MemoryBackend, everything = false) {
  const batch = differ.next(store, everything);
  if (batch) await backend.write(batch);
  return batch;
}

describe('persisted Store fields', () => {
  it('round-trips every registered field through a backend', async () => {
    const store = new Store();
    store.projects.set('p', { id: 'p', name: 'Project' });
    store.addSession(session('s1'));
    store.addSession(session('s2'));
    audit(store, 's1');
    store.publish('session.updated', 's1', { n: 1 });
    store.idempotency.set('k', { outcome: 'noop' });
    store.historySpec = { seed: 3, scale: 'normal', anchor: 1_700_000_000_000 };
    store.historyEdits.set('cmp_h000001', { operator_flag: 'bad', operator_notes: 'n', flagged_by: 'ana', flagged_at: '2026-11-01T00:00:00.000Z', version: 3, rolled_back: false });
    const backend = new MemoryBackend();
    await save(new SnapshotDiffer(META), store, backend, true);
    const restored = restoreStore((await backend.load())!);
    for (const field of Object.keys(PERSISTED_FIELDS)) {
      const plain = (v: unknown) => (v instanceof Map ? [...v.entries()] : v);
      expect(plain((restored as unknown as Record<string, unknown>)[field]), field).toEqual(plain((store as unknown as Record<string, unknown>)[field]));
    }
    // Ids keep counting where they stopped; the record index is rebuilt.
    expect(restored.nextId('x')).toBe(store.nextId('x'));
  });

  it('saves only what changed: touched sessions, appended log items, values whose JSON changed', async () => {
    const store = new Store();
    for (const id of ['a', 'b', 'c']) store.addSession(session(id));
    audit(store, 'a');
    const backend = new MemoryBackend();
    const differ = new SnapshotDiffer(META);
    await save(differ, store, backend, true);
    expect(await save(differ, store, backend)).toBeNull();

    (store.session('b') as SessionState).title = 'renamed';
    store.touch('b');
    audit(store, 'c');
    const batch = await save(differ, store, backend);
    expect(Object.keys(batch?.entries.sessions?.put ?? {})).toEqual(['b', 'c']);
    expect(batch?.appends.audit).toHaveLength(1);
    expect(Object.keys(batch?.values ?? {})).toEqual(['idCounter']);
    expect(batch?.rewrites).toEqual({});

    store.sessions.delete('a');
    const removal = await save(differ, store, backend);
    expect(removal?.entries.sessions?.remove).toEqual(['a']);
    const restored = restoreStore((await backend.load())!);
    expect([...restored.sessions.keys()].sort()).toEqual(['b', 'c']);
    expect(restored.session('b')?.title).toBe('renamed');
    expect(restored.audit).toHaveLength(2);
  });

  it('a loaded snapshot counts as written: the next batch holds only new changes', async () => {
    const store = new Store();
    store.addSession(session('a'));
    const backend = new MemoryBackend();
    await save(new SnapshotDiffer(META), store, backend, true);
    const snapshot = (await backend.load())!;
    const restored = restoreStore(snapshot);
    const differ = new SnapshotDiffer(META);
    differ.seen(snapshot);
    expect(differ.next(restored)).toBeNull();
    audit(restored, 'a');
    const batch = differ.next(restored);
    expect(batch?.appends.audit).toHaveLength(1);
    expect(Object.keys(batch?.entries.sessions?.put ?? {})).toEqual(['a']);
  });
});
