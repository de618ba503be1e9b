import type { FaultRule } from '../handlers/faults';
import { startSimulator } from './server';

/**
 * `PORT=n npm run mock:api`: the simulated kaged daemon on http://127.0.0.1:n/api/v1.
 *   MOCK_SEED=24          deterministic data seed
 *   MOCK_SCALE=bench      adds a 10,000-message session and 100,000 compaction records
 *   MOCK_LIVE=0           no live activity timer (tests drive activity through /__mock)
 *   MOCK_FAULTS='[{"path":"^/sessions$","fault":"status:503"}]'   faults from the start
 *   MOCK_TOKEN=secret     require Authorization: Bearer secret
 */
function faultsFromEnv(): FaultRule[] {
  const raw = process.env.MOCK_FAULTS;
  if (!raw) return [];
  const parsed: unknown = JSON.parse(raw);
  if (!Array.isArray(parsed)) throw new Error('MOCK_FAULTS must be a JSON list of {method?, path, fault, times?}');
  return parsed as FaultRule[];
}

const started = Date.now();
const simulator = await startSimulator({
  port: Number(process.env.PORT ?? 4010),
  host: process.env.HOST ?? '127.0.0.1',
  faults: faultsFromEnv(),
  daemon: {
    seed: Number(process.env.MOCK_SEED ?? 24),
    scale: process.env.MOCK_SCALE === 'bench' ? 'bench' : 'normal',
    live: process.env.MOCK_LIVE !== '0',
    liveIntervalMs: Number(process.env.MOCK_LIVE_INTERVAL_MS ?? 6_000),
    requireToken: process.env.MOCK_TOKEN ?? null,
  },
});
const { store } = simulator.daemon;
const records = [...store.sessions.values()].reduce((n, s) => n + s.compactions.length, 0);
console.log(`simulated kaged daemon on ${simulator.url} (${store.sessions.size} sessions, ${records} compactions, seeded in ${Date.now() - started} ms)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void simulator.close().then(() => process.exit(0));
  });
}
