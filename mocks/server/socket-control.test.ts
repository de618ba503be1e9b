import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedCacheFromEnv } from './seed-cache';
import { startSimulator, type RunningSimulator } from './server';

/** The simulator's socket controls over real HTTP and WebSocket (what e2e tests drive between them). */
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, daemon: { live: false, seedCache: seedCacheFromEnv() } });
}, 60_000);
afterAll(async () => {
  await sim.close();
});

function streamOpens(): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${sim.url.replace('http', 'ws')}/events`);
    ws.on('open', () => {
      ws.close();
      resolve(true);
    });
    ws.on('error', () => resolve(false));
  });
}

const control = (path: string, body: unknown) =>
  fetch(new URL(path, sim.url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

it('a reset ends a socket refusal an earlier test began: the next page hears the stream at once', async () => {
  expect((await control('/__mock/ws/drop', { refuse_ms: 60_000 })).ok).toBe(true);
  expect(await streamOpens(), 'refused while the drop lasts').toBe(false);
  expect((await control('/__mock/reset', {})).ok).toBe(true);
  expect(await streamOpens(), 'accepted after the reset').toBe(true);
}, 60_000);
