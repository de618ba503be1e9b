import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SeedCache } from '../runtime';
import type { Snapshot } from '../store/persisted';
import { codeHash } from './seed-cache';
import { startSimulator, type RunningSimulator } from './server';

let running: RunningSimulator | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the loopback simulator while it starts', () => {
  it('listens before its data is ready and says plainly that it is starting; answers from complete data once it is', async () => {
    let release: (cached: Snapshot | null) => void = () => {};
    const saved: Snapshot[] = [];
    const cache: SeedCache = { load: () => new Promise((resolve) => (release = resolve)), save: (_identity, snapshot) => void saved.push(snapshot) };
    const port = await freePort();
    const start = startSimulator({ port, daemon: { live: false, seedCache: cache }, persistence: null });
    const url = `http://127.0.0.1:${port}/api/v1`;
    let early: Response | null = null;
    for (let tries = 0; early === null && tries < 200; tries++) early = await fetch(`${url}/sessions`).catch(() => new Promise<null>((resolve) => setTimeout(() => resolve(null), 50)));
    expect(early?.status).toBe(503);
    expect(early?.headers.get('retry-after')).toBe('1');
    expect(((await early?.json()) as { message: string }).message).toMatch(/starting/);
    expect((await fetch(`${url}/health`)).status).toBe(503);

    release(null);
    running = await start;
    expect(running.daemon.origin).toBe('seeded');
    const listed = (await (await fetch(`${url}/sessions`)).json()) as { items: unknown[] };
    expect(listed.items.length).toBeGreaterThan(0);
    expect(saved).toHaveLength(1);
  }, 90_000);
});

describe('the seed cache is named by the code that made it', () => {
  it('the same files give the same hash; a change to any source, fixture or the lock gives another; tests and guides do not count', () => {
    const root = mkdtempSync(join(tmpdir(), 'seed-cache-'));
    try {
      for (const dir of ['mocks/store', 'mocks/fixtures', 'src/domain']) mkdirSync(join(root, dir), { recursive: true });
      const files: Record<string, string> = { 'mocks/store/store.ts': 'a', 'mocks/fixtures/t.jsonl': '{}', 'src/domain/x.ts': 'b', 'package-lock.json': '{}', 'mocks/store/store.test.ts': 't', 'mocks/README.md': 'guide' };
      for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
      const first = codeHash(root);
      expect(codeHash(root)).toBe(first);
      writeFileSync(join(root, 'mocks/store/store.test.ts'), 'another test');
      writeFileSync(join(root, 'mocks/README.md'), 'another guide');
      expect(codeHash(root)).toBe(first);
      for (const file of ['mocks/store/store.ts', 'mocks/fixtures/t.jsonl', 'src/domain/x.ts', 'package-lock.json']) {
        writeFileSync(join(root, file), `${files[file]} changed`);
        expect(codeHash(root), file).not.toBe(first);
        writeFileSync(join(root, file), files[file] as string);
        expect(codeHash(root)).toBe(first);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
