import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCacheFromEnv } from './seed-cache';
import { startSimulator, type RunningSimulator } from './server';

/** The loopback server keeps its data across restarts (a data folder), and a reset returns to the seed. Each start restores or takes the seed cache's copy (a reset after a restore seeds): slow tests. */
let dir: string;
const HEADERS = { 'Content-Type': 'application/json', 'X-Kaged-User-Id': 'persist-test' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kaged-sim-restart-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const start = (fresh = false) => startSimulator({ port: 0, daemon: { live: false, seedCache: seedCacheFromEnv() }, persistence: { dir, fresh } });

async function call<T>(sim: RunningSimulator, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sim.url}${path}`, { method, headers: HEADERS, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.ok, `${method} ${path} → ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

interface Rec {
  id: string;
  version: number;
  operator_flag: string | null;
  operator_notes: string | null;
}

async function firstRecord(sim: RunningSimulator, sessionId: string): Promise<Rec> {
  return (await call<{ items: Rec[] }>(sim, 'GET', `/sessions/${sessionId}/compactions?limit=1&sort=created_at`)).items[0] as Rec;
}

describe('persistence of the loopback simulator', () => {
  it('flags, notes, compactions and the event log survive a restart; a reset returns to the seed for good', async () => {
    let sim = await start(true);
    expect(sim.daemon.origin).toBe('cached seed');
    const history = (await call<{ items: { id: string }[] }>(sim, 'GET', '/sessions?project_id=payments-api')).items[0]?.id as string;
    const real = await firstRecord(sim, 'ses_gen_memory');
    const archived = await firstRecord(sim, history);
    await call(sim, 'PATCH', `/sessions/ses_gen_memory/compactions/${real.id}`, { flag: 'bad', notes: 'lost the plan', version: real.version });
    await call(sim, 'PATCH', `/sessions/${history}/compactions/${archived.id}`, { flag: 'good', notes: 'kept the migration', version: archived.version });
    const before = (await call<{ total: number }>(sim, 'GET', '/sessions/ses_gen_memory/compactions?limit=1')).total;
    await call(sim, 'POST', '/sessions/ses_gen_memory/compact', { agent_path: 'primary', strategy: 'drop', lower_threshold: 0.3 });
    const lastSeq = sim.daemon.store.lastSeq;
    await sim.close();

    sim = await start();
    expect(sim.daemon.origin).toBe('restored');
    expect(await firstRecord(sim, 'ses_gen_memory')).toMatchObject({ id: real.id, operator_flag: 'bad', operator_notes: 'lost the plan', version: real.version + 1 });
    expect(await firstRecord(sim, history)).toMatchObject({ id: archived.id, operator_flag: 'good', operator_notes: 'kept the migration', version: archived.version + 1 });
    expect((await call<{ total: number }>(sim, 'GET', '/sessions/ses_gen_memory/compactions?limit=1')).total).toBe(before + 1);
    expect(sim.daemon.store.lastSeq).toBe(lastSeq);
    const flagged = await call<{ items: { compaction_id: string }[] }>(sim, 'GET', '/audit?type=compaction.flagged');
    expect(flagged.items.map((e) => e.compaction_id)).toEqual(expect.arrayContaining([real.id, archived.id]));

    await fetch(`${sim.url.replace('/api/v1', '')}/__mock/reset`, { method: 'POST' });
    expect((await firstRecord(sim, 'ses_gen_memory')).operator_notes).not.toBe('lost the plan');
    await sim.close();

    sim = await start();
    expect(sim.daemon.origin).toBe('restored');
    expect(await firstRecord(sim, 'ses_gen_memory')).toMatchObject({ id: real.id, version: real.version, operator_flag: real.operator_flag });
    expect(await firstRecord(sim, history)).toMatchObject({ id: archived.id, version: archived.version, operator_flag: archived.operator_flag });
    await sim.close();
  }, 120_000);

  it('fresh (MOCK_RESET=1) discards what was kept', async () => {
    let sim = await start();
    const real = await firstRecord(sim, 'ses_gen_flaky');
    await call(sim, 'PATCH', `/sessions/ses_gen_flaky/compactions/${real.id}`, { notes: 'remember me', version: real.version });
    await sim.close();
    sim = await start(true);
    expect(sim.daemon.origin).toBe('cached seed');
    expect((await firstRecord(sim, 'ses_gen_flaky')).operator_notes).toBe(real.operator_notes);
    await sim.close();
  }, 60_000);
});
