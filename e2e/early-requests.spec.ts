/**
 * The first screen's requests leave before the app's code has arrived (src/app/early-requests.ts):
 * the app takes their answers instead of asking again, and a failed one is reported and retried
 * exactly as the app's own request would be.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { clearFaults, injectFaults, resetDaemon } from './support/daemon';
import { sessionRows } from './support/ui';

const expect = baseExpect.configure({ timeout: 20_000 });
const SESSION = 'ses_gen_refactor';
const LEDGER_ROW = '[role="grid"][aria-label="Compaction ledger"] [role="row"][data-compaction-id]';
const ENTRY = /\/assets\/index-[\w-]+\.js$/;
const EARLY = /\/assets\/early-[\w-]+\.js$/;

/** The page's API requests (path and query, after /api/v1), in order. */
function recordApi(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/v1/')) asked.push(url.pathname.slice('/api/v1'.length) + url.search);
  });
  return asked;
}

/** Holds the app's entry script until `wanted` have all been asked for (or 10 s): the requests the page made before its code came. */
async function holdEntryUntilAsked(page: Page, asked: string[], wanted: string[]): Promise<string[]> {
  const before: string[] = [];
  await page.route(ENTRY, async (route) => {
    for (let waited = 0; waited < 10_000 && !wanted.every((w) => asked.includes(w)); waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
    before.push(...asked);
    await route.continue();
  });
  return before;
}

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

test("the session view: the session, its stats, the first ledger page and the shell's projects leave before the app code and are asked once", async ({ page }) => {
  const asked = recordApi(page);
  const first = [`/sessions/${SESSION}`, `/sessions/${SESSION}/compaction-stats`, `/sessions/${SESSION}/compactions?sort=-created_at&limit=50`, '/projects'];
  const before = await holdEntryUntilAsked(page, asked, first);
  await page.goto(`/sessions/${SESSION}`);
  await expect(page.locator(LEDGER_ROW).first()).toBeVisible();
  await expect(page.locator('dl.stats-headline:not([aria-busy]) dd').first()).toBeVisible();
  expect(before).toEqual(expect.arrayContaining(first));
  for (const path of first) expect(asked.filter((p) => p === path), path).toHaveLength(1);
});

test("the sessions list: its one request and the shell's projects leave before the app code and are asked once", async ({ page }) => {
  const asked = recordApi(page);
  const first = ['/sessions', '/projects'];
  const before = await holdEntryUntilAsked(page, asked, first);
  await page.goto('/sessions');
  await expect(sessionRows(page).first()).toBeVisible();
  // The project switcher's list comes from that answer: the shell asks for nothing more.
  await expect(page.getByRole('combobox', { name: 'Go to project' })).toBeVisible();
  expect(before).toEqual(expect.arrayContaining(first));
  for (const path of first) expect(asked.filter((p) => p === path), path).toHaveLength(1);
});

test('a deep link with a ledger view asks for the session early and leaves the view to the app, each once', async ({ page }) => {
  const asked = recordApi(page);
  await page.goto(`/sessions/${SESSION}?sort=created_at`);
  await expect(page.locator(LEDGER_ROW).first()).toBeVisible();
  expect(asked.filter((p) => p === `/sessions/${SESSION}`)).toHaveLength(1);
  expect(asked.filter((p) => p.startsWith(`/sessions/${SESSION}/compactions?`) && p.includes('limit=50'))).toEqual([`/sessions/${SESSION}/compactions?sort=created_at&limit=50`]);
});

/** What the sessions list shows when its request fails: the alert, and the requests made until then. */
async function failedSessionsList(page: Page, early: boolean): Promise<{ alert: string; requests: number }> {
  const asked = recordApi(page);
  // Without the early script the app asks itself (as before it existed).
  if (!early) await page.route(EARLY, (route) => route.abort('failed'));
  const before = early ? await holdEntryUntilAsked(page, asked, ['/sessions']) : [];
  await page.goto('/sessions');
  const alert = page.getByRole('alert').first();
  await expect(alert).toContainText('GET /sessions answered 500');
  if (early) expect(before).toContain('/sessions');
  return { alert: (await alert.innerText()).trim(), requests: asked.filter((p) => p === '/sessions').length };
}

test('an early request that fails is reported and retried as the app’s own, and the page recovers', async ({ page, request, browser }) => {
  await injectFaults(request, [{ method: 'GET', path: '^/sessions$', fault: 'status:500' }]);
  const early = await failedSessionsList(page, true);
  const plainPage = await browser.newPage();
  const plain = await failedSessionsList(plainPage, false);
  await plainPage.close();
  expect(early).toEqual(plain);

  await clearFaults(request);
  await page.getByRole('button', { name: 'Retry' }).first().click();
  await expect(sessionRows(page).first()).toBeVisible();
});

test('an early request cut off by the network is retried as the app’s own would be, and the ledger comes', async ({ page }) => {
  const asked = recordApi(page);
  const ledger = `/sessions/${SESSION}/compactions?sort=-created_at&limit=50`;
  let cut = false;
  await page.route(/\/api\/v1\/sessions\/[^/]+\/compactions\?sort=-created_at&limit=50$/, (route) => {
    if (cut) return route.continue();
    cut = true;
    return route.abort('connectionreset');
  });
  const before = await holdEntryUntilAsked(page, asked, [ledger]);
  await page.goto(`/sessions/${SESSION}`);
  await expect(page.locator(LEDGER_ROW).first()).toBeVisible();
  expect(before).toContain(ledger);
  // The early request, cut; then the client's own retry (lib/api/auto-retry.ts), as for any network failure.
  expect(asked.filter((p) => p === ledger)).toHaveLength(2);
});
