import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedCacheFromEnv } from './seed-cache';
import { startSimulator, type RunningSimulator } from './server';

/** What the simulator says of its own time on each answer (the bench prints it beside Preview → first rows). */
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, daemon: { live: false, seedCache: seedCacheFromEnv() } });
}, 60_000);
afterAll(async () => {
  await sim.close();
});

const timings = (header: string | null) => new Map((header ?? '').split(', ').map((entry) => [entry.split(';')[0], Number(/dur=([\d.]+)/.exec(entry)?.[1])]));

it("a dry run's answer gives its compute time, the handler's, and the process's CPU time while handling", async () => {
  const sessions = (await (await fetch(`${sim.url}/sessions`)).json()) as { items: { id: string }[] };
  const session = sessions.items[0]?.id as string;
  const answer = await fetch(`${sim.url}/sessions/${session}/compactions/dry-run?first=200`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ agent_path: 'primary', dry_run: true }),
  });
  expect(answer.status).toBe(200);
  const t = timings(answer.headers.get('server-timing'));
  for (const name of ['compute', 'handler', 'cpu']) expect(t.get(name), name).toBeGreaterThanOrEqual(0);
  expect(t.get('handler')).toBeGreaterThanOrEqual(t.get('compute') as number);
}, 60_000);
