/**
 * What loads before a screen's first data: only what that data needs. The secondary parts (the
 * session's charts and checkpoints, the top bar's spiral watch, the dropdowns' and connection
 * details' code) wait until the first data is drawn, however long its answer takes (a slow link
 * or a slow device), and then load as before.
 */
import { expect as baseExpect, test, type Page, type Request } from '@playwright/test';
import { resetDaemon } from './support/daemon';
import { sessionRows } from './support/ui';

const expect = baseExpect.configure({ timeout: 20_000 });
const SESSION = 'ses_gen_refactor';
/** Longer than any of the app's own waits before secondary work (its idle gates and their time limits). */
const HELD_MS = 4_000;
const LEDGER_ROW = '[role="grid"][aria-label="Compaction ledger"] [role="row"][data-compaction-id]';
const SESSION_ROW = 'table[aria-label="Sessions"] tbody tr';

/** The shell's secondary requests: the dropdowns' and connection details' code, the spiral watch. */
const SHELL = [/\/assets\/(select-menu|connection-details|spiral-badge)-/, /\/api\/v1\/compaction-health\/spirals/];
/** The dialogs' and menus' libraries: no screen needs them for its first data. */
const UI_VENDOR = /\/assets\/ui-vendor-/;
/** The session view's: the charts' code, the checkpoints, the ledger toolbar's menus. */
const SESSION_VIEW = [...SHELL, UI_VENDOR, /\/assets\/(CartesianChart|stats-charts|ledger-menus|dropdown-menus|save-conflict-dialog)-/, /\/api\/v1\/sessions\/[^/]+\/checkpoints/];
const SESSIONS_LIST = [...SHELL, UI_VENDOR];
/** The knobs': the dialogs, the preview's diff, the engine of the manifests' patterns. */
const KNOBS = [...SHELL, UI_VENDOR, /\/assets\/(review-dialog|conflict-dialog|knobs-preview-dialog|version-compare-dialog|dry-run-diff|outside-pattern-engine)-/];

function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r: Request) => urls.push(r.url()));
  return urls;
}

/** Notes, in the page's own clock, when the first element matching `selector` enters the DOM. */
async function watchFirst(page: Page, selector: string): Promise<void> {
  await page.addInitScript((sel) => {
    const seen = () => {
      if ((window as { __first?: number }).__first === undefined && document.querySelector(sel)) (window as { __first?: number }).__first = performance.now();
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  }, selector);
}

/** The secondary requests the page had started (resource timing, the page's clock) before that element appeared. */
async function secondaryBeforeFirst(page: Page, patterns: RegExp[]): Promise<string[]> {
  const started = await page.evaluate(() => {
    const first = (window as { __first?: number }).__first ?? Number.POSITIVE_INFINITY;
    return performance.getEntriesByType('resource').filter((e) => e.startTime < first).map((e) => e.name);
  });
  return started.filter((url) => patterns.some((re) => re.test(url)));
}

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

test('the session view: charts, checkpoints and the spiral watch wait for the first ledger row, then load', async ({ page }) => {
  const urls = recordRequests(page);
  // The ledger's first page is slow to come; the stats come at once.
  let held = false;
  await page.route(/\/api\/v1\/sessions\/[^/]+\/compactions\?/, async (route) => {
    if (!held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    }
    await route.continue();
  });
  await watchFirst(page, LEDGER_ROW);
  await page.goto(`/sessions/${SESSION}`);
  await expect(page.locator(LEDGER_ROW).first()).toBeVisible();
  expect(held).toBe(true);
  expect(await secondaryBeforeFirst(page, SESSION_VIEW), 'asked for before the first ledger row').toEqual([]);
  // Then they load: the charts are drawn, the spiral watch reads.
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expect.poll(() => urls.some((url) => url.includes('/api/v1/compaction-health/spirals'))).toBe(true);
});

test('the sessions list: the spiral watch and the menus wait for the first row', async ({ page }) => {
  const urls = recordRequests(page);
  let held = false;
  await page.route(/\/api\/v1\/sessions(\?|$)/, async (route) => {
    if (!held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    }
    await route.continue();
  });
  await watchFirst(page, SESSION_ROW);
  await page.goto('/sessions');
  await expect(sessionRows(page).first()).toBeVisible();
  expect(held).toBe(true);
  expect(await secondaryBeforeFirst(page, SESSIONS_LIST), 'asked for before the first row').toEqual([]);
  await expect.poll(() => urls.some((url) => url.includes('/api/v1/compaction-health/spirals'))).toBe(true);
});

test("the knobs: the dialogs', the diff's and the patterns' code wait for the form, then load", async ({ page }) => {
  const urls = recordRequests(page);
  // The agent's settings (the second wave, after the session) are slow to come.
  let held = false;
  await page.route(/\/api\/v1\/sessions\/[^/]+\/compaction-config\?/, async (route) => {
    if (!held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    }
    await route.continue();
  });
  await watchFirst(page, '.kf');
  await page.goto(`/sessions/${SESSION}/knobs`);
  await expect(page.locator('.kf').first()).toBeVisible();
  expect(held).toBe(true);
  expect(await secondaryBeforeFirst(page, KNOBS), 'asked for before the knobs').toEqual([]);
  await expect.poll(() => urls.some((url) => /\/assets\/outside-pattern-engine-/.test(url))).toBe(true);
  await expect.poll(() => urls.some((url) => /\/assets\/review-dialog-/.test(url))).toBe(true);
});

test("an answer is drawn as soon as it is in, not after React's 300 ms reveal pause", async ({ page }) => {
  // React retries a suspended part no sooner than 300 ms after a skeleton was last shown (its
  // fallback throttle); on a first screen a skeleton has always just been shown. The page's clock
  // stands still from before the list's skeleton is drawn, so only the page's own time counts.
  let releaseCode!: () => void;
  let releaseAnswer!: () => void;
  const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
  const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
  await page.route(/\/assets\/sessions-page-[^/]*\.js$/, async (route) => {
    await codeHeld;
    await route.continue();
  });
  await page.route(/\/api\/v1\/sessions$/, async (route) => {
    await answerHeld;
    await route.continue();
  });
  await page.clock.install();
  await page.goto('/sessions');
  await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible();
  // (A moment ahead of the page's time, which flows with the test's until now.)
  await page.clock.pauseAt(Date.now() + 500);
  const code = page.waitForResponse(/\/assets\/sessions-page-[^/]*\.js$/);
  releaseCode();
  await code;
  // The page's code runs and shows the list's skeleton while its answer is held (no timer needed).
  await page.waitForTimeout(1_000);
  const answer = page.waitForResponse(/\/api\/v1\/sessions$/);
  releaseAnswer();
  await answer;
  let pageMs = 0;
  while (pageMs < 150 && !(await sessionRows(page).first().isVisible())) {
    await page.clock.runFor(10);
    pageMs += 10;
    await page.waitForTimeout(200);
  }
  await expect(sessionRows(page).first(), `not drawn within ${pageMs} ms of the page's time after its answer`).toBeVisible({ timeout: 1 });
});

test("while the app's code is on its way the page says it is loading; the first render replaces that", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/sessions', { waitUntil: 'commit' });
  const loading = page.getByRole('status').filter({ hasText: 'Loading Compactor…' });
  await expect(loading).toBeVisible();
  release();
  await expect(sessionRows(page).first()).toBeVisible();
  await expect(loading).toHaveCount(0);
});
