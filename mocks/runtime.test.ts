import { describe, expect, it } from 'vitest';
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

  it('a start from a seed cache (its copy as a file holds it) gives the data of a fresh seed', async () => {
    const saved: Snapshot[] = [];
    const seeding = await SimulatedDaemon.open(transcripts, { ...options, seedCache: { load: async () => null, save: (_identity, snapshot) => void saved.push(snapshot) } }, null);
    expect(seeding.origin).toBe('seeded');
    const file = JSON.stringify(saved[0]);
    const cached = await SimulatedDaemon.open(transcripts, { ...options, seedCache: { load: async () => JSON.parse(file) as Snapshot, save: () => {} } }, null);
    expect(cached.origin).toBe('cached seed');
    expect(data(cached.store)).toEqual(data(seeding.store));
    const session = [...seeding.store.sessions.values()].find((s) => s.compactions.length > 0)!;
    expect(cached.store.compaction(session.compactions[0]!.id)).toEqual(seeding.store.compaction(session.compactions[0]!.id));
    expect(cached.store.history?.facts.length).toBe(seeding.store.history?.facts.length);
  }, 60_000);

  it('seeds again when the seed or scale changes', () => {
    const daemon = new SimulatedDaemon(transcripts, { ...options, keepSeed: true });
    daemon.reset({ seed: 7 });
    expect(data(daemon.store)).toEqual(data(new SimulatedDaemon(transcripts, { ...options, seed: 7 }).store));
  }, 60_000);
});
