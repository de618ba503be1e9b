import WebSocket from 'ws';
import { expect, it } from 'vitest';
import { loopbackSimulator } from './test-support/loopback-simulator';

/** The simulator's socket controls over real HTTP and WebSocket (what e2e tests drive between them). */
const sim = loopbackSimulator();

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
