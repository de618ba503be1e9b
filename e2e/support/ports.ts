/**
 * Where the e2e servers listen. Each Playwright worker has its own simulated daemon and its own
 * preview server (the base ports plus 100 per worker), so tests in different workers never share
 * a daemon's state; the config starts one pair per worker. Playwright evaluates the config and
 * this module in every worker with TEST_PARALLEL_INDEX set. E2E_WORKERS=1 runs one at a time.
 */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

const STRIDE = 100;
const WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The simulated daemon of worker `index` (this worker's by default). */
export function mockPort(index = WORKER): number {
  return Number(process.env.E2E_MOCK_PORT ?? 4010) + STRIDE * index;
}

/**
 * A test's own extra simulator (follow.spec starts one with its own options): beside this worker's
 * daemon, so checkouts that set their own base ports never share it.
 */
export function ownSimulatorPort(index = WORKER): number {
  return mockPort(index) + 10;
}

/** The production build's preview server of worker `index`, proxied to that worker's daemon. */
export function previewPort(index = WORKER): number {
  return Number(process.env.E2E_PREVIEW_PORT ?? 4173) + STRIDE * index;
}

/** Demo mode (the simulator inside the browser): one server, no daemon to share. */
export const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? 5173);
