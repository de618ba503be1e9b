import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeedCache, SeedIdentity } from '../runtime';
import type { Snapshot } from '../store/persisted';
import { writeJsonFile } from './json-file';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where the loopback server keeps it (shared with the unit tests' seeded stores: daemon/seeding/test-support/normal-seed.ts). */
export const SEED_CACHE_DIR = join(ROOT, 'node_modules/.cache/kaged-simulator-seeds');
/** Everything seeding can read: the simulator (its fixtures too), the domain core it imports, and the installed packages' versions. */
const SOURCES = ['mocks', 'src/domain'];
const LOCKS = ['package-lock.json', 'node_modules/.package-lock.json'];

/** SHA-256 of every file seeding may depend on (tests and guides aside), by path and content: any change to the code, fixtures or packages gives another hash. */
export function codeHash(root = ROOT): string {
  const hash = createHash('sha256');
  const files = SOURCES.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !/\.(test\.ts|md)$/.test(e.name))
      .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/')),
  );
  for (const file of [...files.sort(), ...LOCKS.filter((f) => existsSync(join(root, f)))]) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

/** Besides its own, a save keeps the files of this many other code hashes (the most recently used)… */
export const KEEP_OTHER_HASHES = 3;
/** …within this many bytes in all, its own files counted first (a normal seed's file is about 30 MB, the bench scale's 200 MB). */
export const KEEP_BYTES = 1024 ** 3;
/** A temporary file this old was left by a process killed while writing it (a write takes seconds). */
export const STALE_TMP_MS = 60 * 60_000;

/** A file of the cache folder: its name, size and when it was last written or loaded (its mtime). */
export interface SeedCacheEntry {
  name: string;
  bytes: number;
  used_ms: number;
}

const CACHE_FILE = /^([0-9a-f]{32})-[^/]+\.json$/;

/**
 * What a checkout of code `own` removes from a cache folder it may share with other checkouts (one
 * node_modules/.cache): never a file of its own hash; of the others', those beyond the
 * KEEP_OTHER_HASHES most recently used hashes or beyond KEEP_BYTES (the most recently used kept
 * first); a temporary file only once stale; nothing it does not recognise.
 */
export function prunable(entries: readonly SeedCacheEntry[], own: string, now: number): string[] {
  let bytes = entries.filter((e) => CACHE_FILE.exec(e.name)?.[1] === own).reduce((n, e) => n + e.bytes, 0);
  const kept = new Set<string>();
  const remove: string[] = [];
  for (const entry of [...entries].sort((a, b) => b.used_ms - a.used_ms)) {
    const hash = CACHE_FILE.exec(entry.name)?.[1];
    if (entry.name.endsWith('.tmp')) {
      if (now - entry.used_ms > STALE_TMP_MS) remove.push(entry.name);
    } else if (hash !== undefined && hash !== own) {
      if ((kept.has(hash) || kept.size < KEEP_OTHER_HASHES) && bytes + entry.bytes <= KEEP_BYTES) {
        kept.add(hash);
        bytes += entry.bytes;
      } else remove.push(entry.name);
    }
  }
  return remove;
}

/**
 * The freshly seeded data of each seed and scale, kept in a folder between starts of the loopback
 * server (seeding takes seconds, restoring it a fraction of one). A file is named by the hash of
 * the code that made it and its seed and scale, so it cannot go stale: changed code reads none of
 * it. Other checkouts may share the folder: a save removes only what `prunable` says (older
 * hashes beyond the newest few and a budget of bytes), and a load marks its file used. Not the
 * operator's data: MOCK_PERSIST=0 and MOCK_RESET=1 use it too, as it gives exactly what seeding gives.
 */
export class FolderSeedCache implements SeedCache {
  constructor(
    private readonly dir: string,
    private readonly code = codeHash(),
  ) {}

  private path(identity: SeedIdentity): string {
    return join(this.dir, `${this.code}-${identity.seed}-${identity.scale}.json`);
  }

  async load(identity: SeedIdentity): Promise<Snapshot | null> {
    const path = this.path(identity);
    try {
      const snapshot = JSON.parse(await readFile(path, 'utf8')) as Snapshot;
      const now = new Date();
      await utimes(path, now, now).catch(() => {}); // used: the newest files are the ones kept
      return snapshot;
    } catch {
      return null; // none yet (or unreadable): seeded
    }
  }

  /**
   * Written once the start is done (the server listens first), a megabyte at a time (the server
   * answers meanwhile), whole then renamed, so a reader never sees half of one; then what is stale
   * goes (`prunable`). Not written again when this code's file for the seed and scale is there (a
   * reset reseeds: the same data). Settles once done; never fails (a cache not written is seeded
   * again next time).
   */
  async save(identity: SeedIdentity, snapshot: Snapshot): Promise<void> {
    const path = this.path(identity);
    const tmp = `${path}.${process.pid}.tmp`;
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const there = await access(path).then(
        () => true,
        () => false,
      );
      if (!there) {
        await mkdir(this.dir, { recursive: true });
        await writeJsonFile(tmp, snapshot);
        await rename(tmp, path);
      }
      await this.prune();
    } catch (e: unknown) {
      console.warn(`simulator seed cache: could not write ${path}: ${String(e)}`);
    }
  }

  private async prune(): Promise<void> {
    const entries: SeedCacheEntry[] = [];
    for (const name of await readdir(this.dir)) {
      const stats = await stat(join(this.dir, name)).catch(() => null); // removed meanwhile by another checkout
      if (stats?.isFile()) entries.push({ name, bytes: stats.size, used_ms: stats.mtimeMs });
    }
    await Promise.all(prunable(entries, this.code, Date.now()).map((name) => rm(join(this.dir, name), { force: true })));
  }
}

/** The seed cache of this checkout, or none when MOCK_SEED_CACHE=0 asks to seed afresh. */
export function seedCacheFromEnv(): FolderSeedCache | null {
  return process.env.MOCK_SEED_CACHE === '0' ? null : new FolderSeedCache(SEED_CACHE_DIR);
}
