import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeedCache, SeedIdentity } from '../runtime';
import type { Snapshot } from '../store/persisted';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
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

/**
 * The freshly seeded data of each seed and scale, kept in a folder between starts of the loopback
 * server (seeding takes seconds, restoring it a fraction of one). A file is named by the hash of
 * the code that made it and its seed and scale, so it cannot go stale: changed code reads none of
 * it (and the first save under the new hash removes the old files). Not the operator's data:
 * MOCK_PERSIST=0 and MOCK_RESET=1 use it too, as it gives exactly what seeding gives.
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
    try {
      return JSON.parse(await readFile(this.path(identity), 'utf8')) as Snapshot;
    } catch {
      return null; // none yet (or unreadable): seeded
    }
  }

  /**
   * Written once the start is done (the server listens first), whole then renamed, so a reader never
   * sees half of one; a temporary file left by a process killed meanwhile goes with the next save.
   */
  save(identity: SeedIdentity, snapshot: Snapshot): void {
    setImmediate(() => {
      const path = this.path(identity);
      const tmp = join(this.dir, `${process.pid}.tmp`);
      void mkdir(this.dir, { recursive: true })
        .then(() => writeFile(tmp, JSON.stringify(snapshot)))
        .then(() => rename(tmp, path))
        .then(() => Promise.all(readdirSync(this.dir).filter((f) => !f.startsWith(this.code)).map((f) => rm(join(this.dir, f), { force: true }))))
        .catch((e: unknown) => console.warn(`simulator seed cache: could not write ${path}: ${String(e)}`));
    });
  }
}
