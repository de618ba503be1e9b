import { afterAll, beforeAll } from 'vitest';
import { seedCacheFromEnv } from '../seed-cache';
import { startSimulator, type RunningSimulator } from '../server';

/**
 * The simulator over real HTTP for one test file: started before its tests (no live activity, its
 * data from the seed cache), closed after them. Its `url` and `daemon` are read inside the tests.
 */
export function loopbackSimulator(): Pick<RunningSimulator, 'url' | 'daemon'> {
  let running: RunningSimulator | null = null;
  beforeAll(async () => {
    running = await startSimulator({ port: 0, daemon: { live: false, seedCache: seedCacheFromEnv() } });
  }, 60_000);
  afterAll(async () => {
    await running?.close();
  });
  const started = (): RunningSimulator => {
    if (!running) throw new Error('the simulator starts before the tests: read it inside a test');
    return running;
  };
  return {
    get url() {
      return started().url;
    },
    get daemon() {
      return started().daemon;
    },
  };
}
