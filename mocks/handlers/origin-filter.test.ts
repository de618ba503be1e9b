import { describe, expect, it } from 'vitest';
import { validateResponseBody } from '../../src/domain/contract/validator';
import { loopbackSimulator } from '../server/test-support/loopback-simulator';

/** ?origin=recorded|simulated over real HTTP: the session ledger, the ledger across sessions and the health aggregates. */
const sim = loopbackSimulator();
const IMPORTED = 'ses_4d5611e5-241';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function get(template: string, path: string): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${sim.url}${path}`);
  const json = (await res.json()) as Json;
  expect(validateResponseBody(template, 'GET', res.status, json), `GET ${path} → ${res.status}`).toBeNull();
  return { status: res.status, json };
}
const origins = (items: Json[]) => [...new Set(items.map((r) => r.provenance.origin))].sort();

describe('the origin filter', () => {
  it('narrows a session ledger to its recorded or its simulated events', async () => {
    const all = await get('/sessions/{session_id}/compactions', `/sessions/${IMPORTED}/compactions?limit=500`);
    const recorded = await get('/sessions/{session_id}/compactions', `/sessions/${IMPORTED}/compactions?limit=500&origin=recorded`);
    const simulated = await get('/sessions/{session_id}/compactions', `/sessions/${IMPORTED}/compactions?limit=500&origin=simulated`);
    expect(recorded.json.items.length).toBeGreaterThan(0);
    expect(origins(recorded.json.items)).toEqual(['recorded']);
    expect(simulated.json.items).toEqual([]);
    expect(recorded.json.items.length).toBe(all.json.items.length);
  });

  it('splits the ledger across sessions in two: recorded plus simulated is all', async () => {
    const total = (await get('/compactions', '/compactions?limit=1')).json.total as number;
    const recorded = await get('/compactions', '/compactions?limit=200&origin=recorded');
    const simulated = await get('/compactions', '/compactions?limit=200&origin=simulated');
    expect(origins(recorded.json.items)).toEqual(['recorded']);
    expect(origins(simulated.json.items)).toEqual(['simulated']);
    expect(recorded.json.total).toBeGreaterThan(0);
    expect(recorded.json.total + simulated.json.total).toBe(total);
  });

  it('narrows the health view: recorded events count no simulated ones, and the two add up to all', async () => {
    const range = 'from=2020-01-01T00:00:00Z&to=2027-01-01T00:00:00Z';
    const all = (await get('/compaction-health', `/compaction-health?${range}`)).json.totals;
    const recorded = (await get('/compaction-health', `/compaction-health?${range}&origin=recorded`)).json.totals;
    const simulated = (await get('/compaction-health', `/compaction-health?${range}&origin=simulated`)).json.totals;
    expect(recorded.events).toBeGreaterThan(0);
    expect(recorded.simulated_events).toBe(0);
    expect(simulated.simulated_events).toBe(simulated.events);
    expect(recorded.events + simulated.events).toBe(all.events);
    const breakdown = await get('/compaction-health/breakdown', `/compaction-health/breakdown?${range}&origin=recorded&by=strategy`);
    expect(breakdown.status).toBe(200);
  });

  it('refuses an origin it does not know', async () => {
    expect((await fetch(`${sim.url}/compactions?origin=invented`)).status).toBe(400);
  });
});
