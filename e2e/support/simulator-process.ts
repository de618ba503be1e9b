import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, type Page } from '@playwright/test';

/**
 * A simulator a test starts, stops and starts again itself (as `npm run mock:api`), apart from the
 * worker's own; the app is pointed at it through its remembered Settings, as an operator would
 * point it at a real daemon.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The simulator on this port, once it answers; `env` adds to (or overrides) MOCK_LIVE=0 MOCK_PERSIST=0.
 * Starting takes 10-15 s on a quiet 2-core machine (transpiling, reading the fixtures, seeding) and
 * over a minute beside a full e2e run: the wait is long, and the tests that start one allow for two.
 */
export async function startSimulator(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/server/main.ts'], {
    env: { ...process.env, PORT: String(port), MOCK_LIVE: '0', MOCK_PERSIST: '0', ...env },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => null))?.ok ?? false, { timeout: 120_000 })
    .toBe(true);
  return child;
}

export async function stopSimulator(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function pointAt(page: Page, apiBaseUrl: string): Promise<void> {
  await page.addInitScript((url) => {
    localStorage.setItem('compactor.settings', JSON.stringify({ state: { overrides: { apiBaseUrl: url }, theme: 'system' }, version: 1 }));
  }, apiBaseUrl);
}
