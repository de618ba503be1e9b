import { existsSync } from 'node:fs';

/**
 * Which Chromium Playwright drives. CHROMIUM_PATH overrides; else Debian's when it is installed (CI,
 * the dev machines); else none, and Playwright takes its own (`npx playwright install chromium` on a
 * user's machine: its headless runs use its headless shell by themselves).
 *
 * `test`: Debian's headless shell when it is installed (chromium-headless-shell: the same Chromium
 * without the full browser's window and compositor). The e2e suite is CPU-bound on two cores, and
 * the shell costs about a quarter less CPU per test (e2e/README.md). `full`: the browser an operator
 * runs, for headed runs and for the bench, whose figures are what a user sees.
 */
export function chromiumPath(kind: 'test' | 'full'): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  if (kind === 'test') candidates.unshift('/usr/bin/chromium-headless-shell');
  return candidates.find((path) => existsSync(path));
}
