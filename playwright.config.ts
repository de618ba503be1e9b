import { statfsSync } from 'node:fs';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { chromiumPath } from './e2e/support/chromium';
import { DEMO_PORT, mockPort, previewPort, WORKERS } from './e2e/support/ports';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>[number];

// A headed run (--headed, --debug) needs the full browser: the runner sees the command line, and
// its workers inherit E2E_HEADED.
if (process.argv.some((arg) => arg === '--headed' || arg === '--debug') || process.env.PWDEBUG) process.env.E2E_HEADED = '1';
const executablePath = chromiumPath(process.env.E2E_HEADED ? 'full' : 'test');

// Playwright tells Chromium to keep its shared memory in /tmp (--disable-dev-shm-usage), for
// containers whose /dev/shm is 64 MB. Where /dev/shm is large, that only costs writes to disk.
const roomyDevShm = (() => {
  try {
    const fs = statfsSync('/dev/shm');
    return fs.bsize * fs.blocks >= 2 ** 30;
  } catch {
    return false;
  }
})();

const DIST = process.env.E2E_DIST ?? 'dist';
/** A desktop Chromium on this worker's preview of the production build. */
const onTheBuild = { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${previewPort()}`, viewport: { width: 1440, height: 900 } };
const workerIndexes = Array.from({ length: WORKERS }, (_, index) => index);

export default defineConfig({
  testDir: 'e2e',
  // Unit tests under e2e/ (*.test.ts, run by vitest) are not Playwright's.
  testMatch: '**/*.spec.ts',
  // Each worker has its own simulated daemon and preview server (e2e/support/ports.ts); the tests of
  // one file run in order in one worker, each resetting its daemon first.
  workers: WORKERS,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // In CI a failed test runs once more and the run lists it as flaky: a flake is a defect to fix
  // (e2e/README.md), but one slow moment of a 2-core machine does not refuse a whole submission. A
  // real failure fails twice. Locally none: a failure is seen at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // A click or fill that cannot happen fails after 15 s naming its target, instead of waiting out
    // the test's whole timeout and reporting only "Test timeout exceeded" (nothing to go on in CI).
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // A trace records a screencast and DOM snapshots of every page of every test, passed or not: on
    // a 2-core machine that is a third of the e2e time, so none by default (a failure still has its
    // screenshot). E2E_TRACE=retain-on-failure (or on) records them, to look into a failure.
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(roomyDevShm ? { ignoreDefaultArgs: ['--disable-dev-shm-usage'] } : {}),
      executablePath,
      args: executablePath
        ? ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']
        : [],
    },
  },
  projects: [
    {
      name: 'build',
      // e2e/bench is the benchmark (npm run bench), not a test suite; its unit tests run in vitest.
      testIgnore: [/demo\.spec\.ts/, /[\\/]bench[\\/]/, /fault-matrix/],
      use: onTheBuild,
    },
    {
      // The fault matrix drives many pages at once: it runs last, one file at a time, with the machine
      // to itself. Its files side by side finished 0.5 min sooner of 7 (the machine is busy either
      // way) and cases needed their second try: not worth it.
      name: 'fault-matrix',
      testMatch: /fault-matrix-.*\.spec\.ts/,
      dependencies: ['build', 'demo'],
      workers: 1,
      use: onTheBuild,
    },
    {
      name: 'demo',
      testMatch: /demo\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${DEMO_PORT}`, viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: [
    ...workerIndexes.flatMap((index): WebServer[] => [
      {
        // The simulated daemon over real HTTP and WebSocket on loopback.
        command: `npx tsx mocks/server/main.ts`,
        // It keeps nothing across restarts (every run begins from the seed; persistence has its own tests).
        env: { PORT: String(mockPort(index)), MOCK_LIVE: '0', MOCK_PERSIST: '0' },
        url: `http://127.0.0.1:${mockPort(index)}/api/v1/health`,
        reuseExistingServer: !process.env.CI,
        timeout: 60_000,
      },
      {
        // The production build (npm run build), proxied to the simulated daemon exactly as to a real one.
        command: `npx vite preview --host 127.0.0.1 --port ${previewPort(index)} --strictPort --outDir ${DIST}`,
        env: { KAGED_API_URL: `http://127.0.0.1:${mockPort(index)}` },
        url: `http://127.0.0.1:${previewPort(index)}/`,
        reuseExistingServer: !process.env.CI,
        timeout: 60_000,
      },
    ]),
    {
      // Demo mode: `npm start`, the simulated daemon running inside the browser.
      command: `npx vite --host 127.0.0.1 --port ${DEMO_PORT} --strictPort`,
      url: `http://127.0.0.1:${DEMO_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 90_000,
    },
  ],
});
