import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Snapshot } from '../store/persisted';
import { FolderSeedCache, KEEP_BYTES, KEEP_OTHER_HASHES, prunable, STALE_TMP_MS, type SeedCacheEntry } from './seed-cache';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-28T06:00:00Z');
const hash = (k: number) => k.toString(16).padStart(32, '0');
const entry = (name: string, hoursAgo: number, bytes = 1_000): SeedCacheEntry => ({ name, bytes, used_ms: NOW - hoursAgo * HOUR });
const snapshot = { format: 0, seed: 24, scale: 'normal' } as unknown as Snapshot;

describe('what a save prunes from a seed cache folder other checkouts may share', () => {
  it('keeps its own files and those of the most recently used other hashes; removes the rest', () => {
    const own = hash(1);
    const entries = [
      entry(`${own}-24-normal.json`, 500),
      entry(`${own}-24-bench.json`, 900),
      ...[2, 3, 4, 5, 6].map((k) => entry(`${hash(k)}-24-normal.json`, k)),
      entry(`${hash(2)}-24-bench.json`, 40),
    ];
    expect(KEEP_OTHER_HASHES).toBe(3);
    expect(prunable(entries, own, NOW).sort()).toEqual([`${hash(5)}-24-normal.json`, `${hash(6)}-24-normal.json`]);
  });

  it('keeps the others within a budget of bytes with its own, the most recently used first', () => {
    const own = hash(1);
    const third = Math.floor(KEEP_BYTES / 3);
    const entries = [entry(`${own}-24-bench.json`, 10, third), entry(`${hash(2)}-24-bench.json`, 1, third), entry(`${hash(3)}-24-bench.json`, 2, third), entry(`${hash(4)}-24-normal.json`, 3, third)];
    expect(prunable(entries, own, NOW)).toEqual([`${hash(4)}-24-normal.json`]);
  });

  it('removes a temporary file only once stale (a process killed while writing), and nothing it does not recognise', () => {
    const entries = [entry('1234.tmp', 0.5), entry(`${hash(2)}-24-normal.json.99.tmp`, STALE_TMP_MS / HOUR + 1), entry('notes.txt', 10_000), entry('old-format.json', 10_000)];
    expect(prunable(entries, hash(1), NOW)).toEqual([`${hash(2)}-24-normal.json.99.tmp`]);
  });
});

describe('two checkouts sharing one seed cache folder', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'seed-cache-shared-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("a save keeps the other checkout's file and its write in flight; a load marks its file used", async () => {
    const mine = new FolderSeedCache(dir, hash(1));
    const theirs = new FolderSeedCache(dir, hash(2));
    await theirs.save({ seed: 24, scale: 'normal' }, snapshot);
    const inFlight = join(dir, `${hash(2)}-24-bench.json.4242.tmp`);
    writeFileSync(inFlight, '{');
    await mine.save({ seed: 24, scale: 'normal' }, snapshot);
    expect(readdirSync(dir).sort()).toEqual([`${hash(1)}-24-normal.json`, `${hash(2)}-24-bench.json.4242.tmp`, `${hash(2)}-24-normal.json`]);
    expect(await theirs.load({ seed: 24, scale: 'normal' })).toEqual(snapshot);

    // Three newer hashes came since theirs was written; loaded (used) last, theirs is kept over the oldest of them.
    const long = new Date(NOW - 48 * HOUR);
    utimesSync(join(dir, `${hash(2)}-24-normal.json`), long, long);
    for (const k of [3, 4, 5]) {
      writeFileSync(join(dir, `${hash(k)}-24-normal.json`), '{}');
      const at = new Date(NOW - k * HOUR);
      utimesSync(join(dir, `${hash(k)}-24-normal.json`), at, at);
    }
    await theirs.load({ seed: 24, scale: 'normal' });
    await mine.save({ seed: 24, scale: 'normal' }, snapshot);
    expect(existsSync(join(dir, `${hash(2)}-24-normal.json`))).toBe(true);
    expect(existsSync(join(dir, `${hash(5)}-24-normal.json`))).toBe(false);
  });

  it('a save of a seed this code has saved before writes nothing (a reset reseeds the same data)', async () => {
    const mine = new FolderSeedCache(dir, hash(1));
    await mine.save({ seed: 24, scale: 'normal' }, snapshot);
    const file = join(dir, `${hash(1)}-24-normal.json`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(snapshot);
    writeFileSync(file, '{"kept":true}');
    await mine.save({ seed: 24, scale: 'normal' }, snapshot);
    expect(readFileSync(file, 'utf8')).toBe('{"kept":true}');
  });
});
