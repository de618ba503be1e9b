/**
 * The fault matrix, part failing while the rest works (issue 11, issue 27): the shell's own reads
 * (projects, health) × every fault; the live stream dropped and the daemon restarted under every
 * screen at once; one read failing silently beside what stands in for it; a hung endpoint named
 * while its request waits. The reads and writes × every fault: fault-matrix-reads.spec.ts and
 * fault-matrix-writes.spec.ts.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dropSockets, resetDaemon, restartDaemon } from './support/daemon';
import { brief, failureMessages, faultReads, faultRequests, pool, READ_FAULTS, SHELL_READS, type ReadFault } from './support/fault-matrix';
import { caseContext, closeContexts, contextFor, newPage, READ_SCREENS, ready, twice } from './support/fault-matrix-pages';
import { SCREENS } from './support/screens';
import { expectLive } from './support/ui';

test.afterEach(closeContexts);

/**
 * The shell's own reads, on a page that needs neither: the project list (the top bar's switcher)
 * and the daemon's health (the connection details), both failing at once. The page's own data
 * shows regardless; the top bar and the details name what failed; both recover once the daemon
 * answers (by itself where a read may pass, else the switcher on its Retry; the health every 30 s).
 */
async function shellCase(fault: ReadFault, page: Page): Promise<void> {
  let step = 'loading /sessions with the fault on GET /projects and GET /health';
  try {
    const clear = await faultReads(page, fault.spec, SHELL_READS);
    await page.goto('/sessions');
    const sessions = SCREENS.find((s) => s.name === 'sessions')!;
    step = "the page's own data, the shell's reads failing";
    await ready(sessions, page);
    step = 'the top bar naming what failed';
    const failed = page.getByRole('banner').getByRole('alert').filter({ hasText: 'Projects not loaded' });
    await expect(failed).toContainText('GET /projects', { timeout: fault.spec === 'timeout' ? 60_000 : 20_000 });
    step = 'the connection details naming what failed, or the page saying the daemon is not answering';
    const details = page.getByRole('dialog').filter({ hasText: 'Daemon' });
    await page.getByRole('button', { name: /^Connection:/ }).click();
    // Open before anything else: pressed before its code is in, the popover opens when the code
    // arrives, and an Escape sent before that (or a later press of the button) would meet it the wrong way round.
    await expect(details).toBeVisible({ timeout: 20_000 });
    const outage = page.getByRole('alert', { name: 'Daemon not answering' });
    await expect(details.filter({ hasText: 'GET /health' }).or(outage).first()).toBeVisible({ timeout: fault.spec === 'timeout' ? 60_000 : 20_000 });
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);
    await clear();
    const switcher = page.getByRole('combobox', { name: 'Go to project' });
    if (fault.recoversItself) {
      step = 'the switcher back by itself (no click)';
    } else {
      step = 'still saying the projects failed (no read by itself), then back on its Retry';
      await expect(failed).toBeVisible();
      await failed.getByRole('button', { name: 'Retry projects' }).click();
    }
    await expect(switcher).toBeVisible({ timeout: 20_000 });
    step = "the connection details showing the daemon again (the health is read every 30 s)";
    await page.getByRole('button', { name: /^Connection:/ }).click();
    await expect(details).toContainText(/kaged [^·]+ · /, { timeout: 40_000 });
    await expect(outage).toHaveCount(0);
    await ready(sessions, page);
  } catch (error) {
    throw new Error(`${step}: ${brief(error)}`);
  }
}

test("shell reads (projects, health) × every fault: the top bar and the connection details say what failed, the page works on, both recover", async ({ browser, request }, info) => {
  test.setTimeout(240_000);
  await resetDaemon(request);
  const failures: string[] = [];
  // Each case mostly waits (the client's time limit, the health's 30 s): all at once.
  await pool(READ_FAULTS, READ_FAULTS.length, async (fault) => {
    const failure = await twice(browser, info, caseContext('shell', fault), `shell reads × ${fault.name}`, ({ page }) => shellCase(fault, page));
    if (failure !== null) failures.push(`shell reads × ${fault.name}: ${failure}`);
  });
  console.log(`fault matrix (shell reads): ${READ_FAULTS.length} cases (GET /projects and GET /health together × ${READ_FAULTS.length} faults), ${failures.length} failed`);
  expect(failures, `cases failing:\n  ${failures.join('\n  ')}`).toEqual([]);
});

test('stream × dropped and daemon restart: every screen stays usable and follows the stream again', async ({ browser, request }, info) => {
  test.setTimeout(180_000);
  await resetDaemon(request);
  let cases = 0;
  const screens = READ_SCREENS;
  const pages = await pool(screens, 4, async (screen) => {
    const opened = await newPage(await contextFor(browser, info, screen.name));
    await opened.page.goto(await screen.path(request));
    await ready(screen, opened.page);
    // Four pages load at once on 2 cores: the live stream's chunk and socket may take more than the default 7 s.
    await expectLive(opened.page, 25_000);
    return { screen, ...opened };
  });
  const failures: string[] = [];
  const check = async (what: string) =>
    pool(pages, 4, async ({ screen, page, pageErrors }) => {
      try {
        // Back to Live by itself: after the 3 s refusal the next reconnect attempt may be 2-4 s away
        // (capped exponential backoff with jitter), and twelve pages resync at once on 2 cores.
        await expectLive(page, 25_000);
        await ready(screen, page);
        await expect(failureMessages(page).filter({ visible: true })).toHaveCount(0);
        expect(pageErrors.map(String), 'page errors').toEqual([]);
      } catch (error) {
        failures.push(`${screen.name} after ${what}: ${String(error).split('\n').slice(0, 3).join(' ')}`);
      } finally {
        cases += 1;
      }
    });
  // Each page must see the stream go (the daemon refuses new sockets for 3 s), then follow it again.
  // Twelve pages on a busy machine: the state away from Live can be brief, so each page records
  // every status its indicator shows (a MutationObserver) and the test reads the record.
  const watchStatus = async () =>
    Promise.all(
      pages.map(({ page }) =>
        page.evaluate(() => {
          const seen: string[] = [];
          (window as unknown as { __statuses: string[] }).__statuses = seen;
          const read = () => {
            const status = document.querySelector('[aria-label^="Connection:"]')?.getAttribute('data-status');
            if (status && seen[seen.length - 1] !== status) seen.push(status);
          };
          new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
        }),
      ),
    );
  const leaveLive = async () =>
    Promise.all(
      pages.map(({ page }) =>
        expect
          .poll(() => page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses.some((s) => s !== 'live')), { timeout: 10_000 })
          .toBe(true),
      ),
    );
  await watchStatus();
  await dropSockets(request, 3_000);
  await leaveLive();
  await check('a dropped stream');
  await watchStatus();
  await restartDaemon(request, 3_000);
  await leaveLive();
  await check('a daemon restart');
  console.log(`fault matrix (stream): ${cases} cases (${screens.length} screens × dropped stream, daemon restart), ${failures.length} failed`);
  expect(failures, `screens failing:\n  ${failures.join('\n  ')}`).toEqual([]);
});

/**
 * Silent failures (issue 27): one read failing on its own while the screen shows something else in
 * its place (the ledger's copy of a record, a session id for its title, an empty plugin or prompt
 * list). Each must still be said, naming the endpoint, with a Retry. Counted; the goal is 0.
 */
const SILENT_CASES: Array<{ screen: string; endpoint: string; path: RegExp; open: (page: Page, request: APIRequestContext) => Promise<void> }> = (() => {
  const session = 'ses_gen_refactor';
  const fromLedger = async (page: Page) => {
    // The record opened from the ledger: its copy is in the cache before the record's own read fails.
    await page.goto(`/sessions/${session}`);
    const row = page.locator('[data-compaction-id]').first();
    await expect(row).toBeVisible({ timeout: 20_000 });
    await page.goto(`/sessions/${session}/compactions/${await row.getAttribute('data-compaction-id')}`);
  };
  const detail = async (page: Page, request: APIRequestContext) => {
    const screen = SCREENS.find((s) => s.name === 'compaction-detail')!;
    await page.goto(await screen.path(request));
  };
  return [
    { screen: 'compaction-detail', endpoint: 'GET /sessions/{session_id}/compactions/{compaction_id}', path: /^\/sessions\/[^/]+\/compactions\/cmp_[^/]+$/, open: fromLedger },
    { screen: 'compaction-detail', endpoint: 'GET /sessions/{session_id}', path: /^\/sessions\/[^/]+$/, open: detail },
    { screen: 'compaction-detail', endpoint: 'GET /sessions/{session_id}/compactions', path: /^\/sessions\/[^/]+\/compactions$/, open: detail },
    { screen: 'knobs', endpoint: 'GET /prompts', path: /^\/prompts$/, open: async (page, request) => void (await page.goto(await SCREENS.find((s) => s.name === 'knobs')!.path(request))) },
    { screen: 'compactions', endpoint: 'GET /plugins', path: /^\/plugins$/, open: async (page) => void (await page.goto('/compactions')) },
    { screen: 'review-queue', endpoint: 'GET /plugins', path: /^\/plugins$/, open: async (page) => void (await page.goto('/review?plugin=hindsight')) },
  ];
})();
const SILENT_FAULTS = ['status:500', 'malformed', 'status:403'];

test('silent failures: one read failing beside what stands in for it is said, naming it, with a Retry (count, goal 0)', async ({ browser, request }, info) => {
  test.setTimeout(300_000);
  await resetDaemon(request);
  const silent: string[] = [];
  const cases = SILENT_CASES.flatMap((c) => SILENT_FAULTS.map((fault) => ({ ...c, fault })));
  await pool(cases, 4, async (c) => {
    const what = `${c.screen} × ${c.endpoint} × ${c.fault}`;
    const failure = await twice(browser, info, `silent ${c.screen}`, what, async ({ page }) => {
      const set = faultRequests(page, { method: 'GET', path: c.path.source });
      await set(c.fault);
      await c.open(page, request);
      const said = page.locator('.state--error').filter({ hasText: c.endpoint });
      await expect(said.first()).toBeVisible({ timeout: 20_000 });
      await expect(said.first().getByRole('button', { name: 'Retry' })).toBeVisible();
      await set(null);
      await said.first().getByRole('button', { name: 'Retry' }).click();
      await expect(said).toHaveCount(0, { timeout: 20_000 });
    });
    if (failure !== null) silent.push(`${what}: ${failure}`);
  });
  console.log(`fault matrix (silent failures): ${cases.length} cases, ${silent.length} silent`);
  expect(silent, `silent failures:\n  ${silent.join('\n  ')}`).toEqual([]);
});

test('a hung endpoint is named within seconds, while its request keeps waiting (time to a named message)', async ({ browser, request }, info) => {
  test.setTimeout(120_000);
  await resetDaemon(request);
  const context = await contextFor(browser, info, 'hung');
  const { page } = await newPage(context);
  const set = faultRequests(page, { method: 'GET', path: '^/sessions/[^/]+/compaction-stats$' });
  await set('timeout');
  await page.goto('/sessions/ses_gen_refactor');
  const began = Date.now();
  const named = page.getByRole('status', { name: 'Still waiting for the daemon' }).filter({ hasText: 'GET /sessions/{session_id}/compaction-stats' });
  await expect(named).toBeVisible({ timeout: 30_000 });
  const seconds = (Date.now() - began) / 1000;
  console.log(`fault matrix (hung endpoint): GET /sessions/{session_id}/compaction-stats named after ${seconds.toFixed(1)} s (the client's time limit: 15 s)`);
  expect(seconds, "named before the client gives up on it").toBeLessThan(15);
  // Still waiting: no failure said yet for it.
  await expect(page.locator('.state--error').filter({ hasText: 'compaction-stats' })).toHaveCount(0);
  await set(null);
});
