import { describe, expect, it, vi } from 'vitest';
import { loadFixturesFromDisk } from './importers/node-fixtures';
import { DEFAULT_OPTIONS, SimulatedDaemon } from './runtime';
import { snapshotStore, type Snapshot } from './store/persisted';
import type { Store } from './store/store';

const transcripts = loadFixturesFromDisk();
const options = { ...DEFAULT_OPTIONS, live: false };

/** Everything a Store persists, without the moment it was taken. */
function data(store: Store): unknown {
  const { values, entries, logs } = snapshotStore(store, { format: 0, seed: 0, scale: 'normal' });
  const spec = values.historySpec as { anchor: number } | null;
  return { values: { ...values, historySpec: spec ? { ...spec, anchor: 'now' } : spec }, entries, logs };
}

describe('a reset with the seed kept (keepSeed)', () => {
  it('gives the data, indexes and history of a fresh seed, without what was changed since', () => {
    const fresh = new SimulatedDaemon(transcripts, options).store;
    const daemon = new SimulatedDaemon(transcripts, { ...options, keepSeed: true });
    const seeded = daemon.store;
    const session = [...seeded.sessions.values()].find((s) => s.compactions.length > 0)!;
    const record = session.compactions[0]!;
    const otherFlag = record.operator_flag === 'bad' ? 'good' : 'bad';
    // Changes of every kind: a flag, an audit event, a live frame, a new id.
    seeded.replaceCompaction(session, { ...record, operator_flag: otherFlag, operator_notes: 'changed before the reset' });
    seeded.addAudit({ ...seeded.audit[0]!, type: 'compaction.flagged', session_id: session.id });
    seeded.publish('compaction.flagged', session.id, { compaction_id: record.id });
    seeded.nextId('cmp');

    const began = performance.now();
    daemon.reset();
    const resetMs = performance.now() - began;
    const restored = daemon.store;

    expect(restored).not.toBe(seeded);
    expect(data(restored)).toEqual(data(fresh));
    // The derived state is rebuilt: records by id, the generated history at the same size.
    expect(restored.compaction(record.id)).toEqual(fresh.compaction(record.id));
    expect(restored.compaction(record.id)?.operator_flag).toBe(record.operator_flag);
    expect(restored.history?.sessions.length).toBe(fresh.history?.sessions.length);
    expect(restored.history?.facts.length).toBe(fresh.history?.facts.length);
    // The copy kept is not the Store's: changing the restored data leaves the next reset as seeded.
    restored.replaceCompaction(restored.session(session.id)!, { ...restored.compaction(record.id)!, operator_notes: 'changed after' });
    daemon.reset();
    expect(daemon.store.compaction(record.id)?.operator_notes).toEqual(fresh.compaction(record.id)?.operator_notes);
    // Printed, not asserted: the point of keeping the seed.
    console.log(`reset with the seed kept: ${resetMs.toFixed(0)} ms`);
  }, 60_000);

  it('a start from a seed cache written at another time gives exactly the data of a fresh seed made now', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-20T08:00:00Z'));
      const saved: Snapshot[] = [];
      const seeding = await SimulatedDaemon.open(transcripts, { ...options, seedCache: { load: async () => null, save: (_identity, snapshot) => void saved.push(snapshot) } }, null);
      expect(seeding.origin).toBe('seeded');
      const file = JSON.stringify(saved[0]);
      // Three days and a few hours later: the cache holds the first start's moment, a fresh seed is anchored now.
      vi.setSystemTime(new Date('2026-11-23T13:17:00Z'));
      const cached = await SimulatedDaemon.open(transcripts, { ...options, seedCache: { load: async () => JSON.parse(file) as Snapshot, save: () => {} } }, null);
      const fresh = new SimulatedDaemon(transcripts, options);
      expect(cached.origin).toBe('cached seed');
      const whole = (store: Store) => snapshotStore(store, { format: 0, seed: 0, scale: 'normal' });
      const { meta: _cachedMeta, ...cachedData } = whole(cached.store);
      const { meta: _freshMeta, ...freshData } = whole(fresh.store);
      expect(cachedData).toEqual(freshData);
      expect(cached.store.historySpec?.anchor).toBe(Date.parse('2026-11-23T13:17:00Z'));
      // The generated history is made from that anchor: the same records at the same moments.
      expect(cached.store.history?.facts).toEqual(fresh.store.history?.facts);
    } finally {
      vi.useRealTimers();
    }
  }, 120_000);

  it('seeds again when the seed or scale changes', () => {
    const daemon = new SimulatedDaemon(transcripts, { ...options, keepSeed: true });
    daemon.reset({ seed: 7 });
    expect(data(daemon.store)).toEqual(data(new SimulatedDaemon(transcripts, { ...options, seed: 7 }).store));
  }, 60_000);
});
