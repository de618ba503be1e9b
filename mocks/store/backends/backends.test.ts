import 'fake-indexeddb/auto';
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PersistBackend, WriteBatch } from '../persisted';
import { FolderBackend } from './folder';
import { IndexedDbBackend } from './indexeddb';

const meta = { format: 1, seed: 7, scale: 'normal', saved_at: '2026-11-22T00:00:00.000Z' };
const batch = (over: Partial<WriteBatch>): WriteBatch => ({ meta, values: {}, entries: {}, appends: {}, appendAt: {}, rewrites: {}, ...over });

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const backends: [string, () => Promise<PersistBackend>][] = [
  [
    'folder',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'kaged-sim-test-'));
      dirs.push(dir);
      return new FolderBackend(join(dir, 'data'));
    },
  ],
  ['IndexedDB', async () => new IndexedDbBackend(`test-${Math.random()}`)],
];

describe.each(backends)('%s backend', (_name, make) => {
  it('is empty before the first save, and after clear', async () => {
    const backend = await make();
    expect(await backend.load()).toBeNull();
    await backend.write(batch({ values: { idCounter: '3' } }));
    expect((await backend.load())?.values.idCounter).toBe(3);
    await backend.clear();
    expect(await backend.load()).toBeNull();
  });

  it('applies values, entries (put, remove, odd keys), appends and rewrites in order', async () => {
    const backend = await make();
    await backend.write(batch({ values: { projects: '{"__map":[["p",{"id":"p"}]]}' }, entries: { sessions: { put: { a: '{"id":"a"}', 'ses/../b:c': '{"id":"b"}' }, remove: [] } }, rewrites: { audit: ['{"n":1}', '{"n":2}'] } }));
    await backend.write(batch({ entries: { sessions: { put: { a: '{"id":"a","v":2}' }, remove: ['ses/../b:c'] } }, appends: { audit: ['{"n":3}'], events: ['{"seq":1}'] }, appendAt: { audit: 2, events: 0 } }));
    await backend.write(batch({ appends: { audit: ['{"n":4}'] }, appendAt: { audit: 3 } }));
    const loaded = await backend.load();
    expect(loaded?.meta).toEqual(meta);
    expect(loaded?.values.projects).toEqual({ __map: [['p', { id: 'p' }]] });
    expect(loaded?.entries.sessions).toEqual({ a: { id: 'a', v: 2 } });
    expect(loaded?.logs.audit).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    expect(loaded?.logs.events).toEqual([{ seq: 1 }]);
    await backend.write(batch({ rewrites: { audit: ['{"n":9}'] } }));
    expect((await backend.load())?.logs.audit).toEqual([{ n: 9 }]);
  });
});

it('folder backend: a log line torn by a crash is dropped, the lines before it stand', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kaged-sim-test-'));
  dirs.push(dir);
  const backend = new FolderBackend(dir);
  await backend.write(batch({ appends: { audit: ['{"n":1}'] }, appendAt: { audit: 0 } }));
  await appendFile(join(dir, 'logs', 'audit.jsonl'), '{"n":2, "trunc');
  expect((await backend.load())?.logs.audit).toEqual([{ n: 1 }]);
});

it('folder backend: a batch cut short by a kill is applied again, once, at the next load', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kaged-sim-test-'));
  dirs.push(dir);
  await new FolderBackend(dir).write(batch({ values: { idCounter: '1' }, rewrites: { audit: ['{"n":1}'] } }));
  // The next batch reached pending.json and half of its log lines, then the process died.
  const next = batch({ values: { idCounter: '3' }, entries: { sessions: { put: { a: '{"id":"a"}' }, remove: [] } }, appends: { audit: ['{"n":2}', '{"n":3}'] }, appendAt: { audit: 1 } });
  await writeFile(join(dir, 'pending.json'), JSON.stringify(next));
  await appendFile(join(dir, 'logs', 'audit.jsonl'), '{"n":2}\n');
  const loaded = await new FolderBackend(dir).load();
  expect(loaded?.values.idCounter).toBe(3);
  expect(loaded?.entries.sessions).toEqual({ a: { id: 'a' } });
  expect(loaded?.logs.audit).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  expect(existsSync(join(dir, 'pending.json'))).toBe(false);
});
