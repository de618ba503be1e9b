import { loadFixturesFromDisk } from '../../../importers/node-fixtures';
import { restoreSeed, type SeedIdentity } from '../../../runtime';
import { seedCacheFromEnv } from '../../../server/seed-cache';
import { PERSIST_FORMAT, snapshotStore, type Snapshot } from '../../../store/persisted';
import type { Store } from '../../../store/store';
import { seedStore } from '../seed';

/** The data the loopback server starts from by default: seed 24 at the normal scale, the fixture transcripts in it. */
export const NORMAL_SEED = { seed: 24, scale: 'normal' } as const satisfies SeedIdentity;

let kept: Promise<Snapshot> | null = null;

async function load(): Promise<Snapshot> {
  const cache = seedCacheFromEnv();
  const cached = await cache?.load(NORMAL_SEED);
  if (cached) return cached;
  const snapshot = snapshotStore(seedStore({ ...NORMAL_SEED, transcripts: loadFixturesFromDisk() }), { format: PERSIST_FORMAT, ...NORMAL_SEED });
  // Awaited: a test file's worker may end as soon as its tests do.
  await cache?.save(NORMAL_SEED, snapshot);
  return snapshot;
}

/**
 * The normal seed's data for tests that need seeded data but do not test seeding (those seed:
 * seed.test.ts, runtime.test.ts, server/start-up.test.ts). A seed costs 4-5 s of CPU, and some
 * twenty test files made over forty of them; now the seed cache the loopback server uses
 * (server/seed-cache.ts, named by the hash of the code that seeds, so never stale) holds it: the
 * first test file to miss it seeds and saves it, the others read it (about 0.3 s), once per file.
 * Read-only: tests take Stores of their own (`seededStore`). MOCK_SEED_CACHE=0 seeds once per file.
 */
export function normalSeed(): Promise<Snapshot> {
  kept ??= load();
  return kept;
}

/**
 * A Store of its own with the normal seed's data, as a fresh seed gives it (restored as a reset
 * restores the seed it kept: copied, indexes and generated history rebuilt, anchored now;
 * runtime.test.ts proves it equal to a fresh seed). A test that changes its store takes one of its own.
 */
export async function seededStore(): Promise<Store> {
  return restoreSeed(await normalSeed());
}
