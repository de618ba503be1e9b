import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { advanceSession, apiGet, resetDaemon } from './support/daemon';
import { expectLive } from './support/ui';
import { SPIRAL_CHECK_GAP_MS } from '../src/domain/spiral-watch';

/** A spiral needs five compactions advanced one by one, each with its frames: give the page time. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** Sessions that are not spiralling in the seed and start to once compacted five times in a row (a burst). */
const REFACTOR = 'ses_gen_refactor';
const MEMORY = 'ses_gen_memory';

interface SpiralReport {
  items: Array<{ session_id: string; title: string }>;
}

const spiralling = async (request: APIRequestContext) => (await apiGet<SpiralReport>(request, '/compaction-health/spirals?limit=500')).items;

/** Advances a session until the daemon reports it spiralling; answers its title. */
async function startSpiral(request: APIRequestContext, sessionId: string): Promise<string> {
  for (let i = 0; i < 12; i++) {
    await advanceSession(request, sessionId);
    const found = (await spiralling(request)).find((s) => s.session_id === sessionId);
    if (found) return found.title;
  }
  throw new Error(`${sessionId} did not start spiralling`);
}

/**
 * Replaces window.Notification with a recorder of what the page asked to show and of each permission
 * request. 'granted': the site is allowed already (the browser's own permission is not used: a
 * headless shell has none to grant); 'refusing': none granted yet, and a request is refused;
 * 'missing': no Notification API at all.
 */
async function recordNotifications(page: Page, mode: 'granted' | 'refusing' | 'missing'): Promise<void> {
  await page.addInitScript((mode) => {
    const w = window as unknown as { __notes: unknown[]; __asked: number; Notification?: typeof Notification };
    w.__notes = [];
    w.__asked = 0;
    if (mode === 'missing') {
      delete w.Notification;
      return;
    }
    let refused = false;
    class Recorder {
      static get permission() {
        return mode === 'granted' ? 'granted' : refused ? 'denied' : 'default';
      }
      static requestPermission() {
        w.__asked += 1;
        if (mode === 'granted') return Promise.resolve('granted');
        refused = true;
        return Promise.resolve('denied');
      }
      constructor(title: string, options?: { body?: string; tag?: string }) {
        w.__notes.push({ title, body: options?.body, tag: options?.tag });
      }
    }
    w.Notification = Recorder as unknown as typeof Notification;
  }, mode);
}

const notes = (page: Page) => page.evaluate(() => (window as unknown as { __notes: Array<{ title: string; body: string; tag: string }> }).__notes);
const asked = (page: Page) => page.evaluate(() => (window as unknown as { __asked: number }).__asked);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The Health link, which carries the count of new spirals. */
const healthLink = (page: Page) => nav(page).getByRole('link', { name: /^Health/ });

/**
 * The watch reads the fleet's report at most once a minute while compactions come (one request a
 * minute, not one per compaction): the page's clock (installed at the test's start, flowing as
 * usual) jumps that minute instead of the test waiting it out.
 */
async function aMinuteLater(page: Page): Promise<void> {
  await page.clock.fastForward(SPIRAL_CHECK_GAP_MS);
}

/** A fresh daemon, the page's clock installed, notifications granted and recorded, Settings open: answers the opt-in box. */
async function settingsWithNotifications(page: Page, request: APIRequestContext): Promise<Locator> {
  await resetDaemon(request);
  await page.clock.install();
  await recordNotifications(page, 'granted');
  await page.goto('/settings');
  return page.getByRole('checkbox', { name: 'Notify me when a compaction spiral starts' });
}

/** Opens a page and waits for the spiral watch's first report (the baseline). */
async function openAndWatch(page: Page, path: string): Promise<void> {
  const baseline = page.waitForResponse((r) => r.url().includes('/compaction-health/spirals') && r.ok());
  await page.goto(path);
  await expectLive(page);
  await baseline;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!process.env.SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/spiral-shots/${name}-${page.viewportSize()?.width}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a spiral that starts while the page is open raises a badge; opening it shows the spirals and clears it; no notification unless opted in', async ({ page, request }) => {
  await resetDaemon(request);
  await page.clock.install();
  const before = (await spiralling(request)).map((s) => s.session_id);
  expect(before.length, 'the seed has spirals of its own').toBeGreaterThan(0);
  expect(before).not.toContain(REFACTOR);
  await recordNotifications(page, 'refusing');
  await openAndWatch(page, '/sessions');
  // The spirals that existed when the page loaded raise nothing.
  await expect(healthLink(page)).toHaveAccessibleName('Health');

  const title = await startSpiral(request, REFACTOR);
  await aMinuteLater(page);
  await expect(healthLink(page)).toHaveAccessibleName('Health (1 new spiral)');
  await expect(healthLink(page).getByTitle(/^Spirals started while this page was open: /)).toHaveAttribute('title', `Spirals started while this page was open: ${title}`);
  // The count is legible in both themes (contrast, names): axe on the top bar.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page }).include('header.topbar').setLegacyMode(true).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${scheme}: ${v.id}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    // The project switcher keeps room to name its project beside the count.
    expect((await page.locator('.topbar__projects').boundingBox())?.width).toBeGreaterThanOrEqual(120);
    await shoot(page, 'top-bar-badge');
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await healthLink(page).click();
  await expect(page).toHaveURL(/\/health$/);
  const spirals = page.getByRole('list', { name: 'Spiralling sessions' });
  await expect(spirals.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(healthLink(page)).toHaveAccessibleName('Health');
  // Never opted in: nothing was shown, nothing asked.
  expect(await notes(page)).toEqual([]);
  expect(await asked(page)).toBe(0);
});

test('opted in: one notification per new spiral, not per event, plain and bounded', async ({ page, request }) => {
  const tick = await settingsWithNotifications(page, request);
  await expect(tick).not.toBeChecked();
  await tick.check();
  await expect(tick).toBeChecked();
  // Already granted: nothing to ask.
  expect(await asked(page)).toBe(0);

  await openAndWatch(page, '/sessions');
  const refactor = await startSpiral(request, REFACTOR);
  await aMinuteLater(page);
  await expect(healthLink(page)).toHaveAccessibleName('Health (1 new spiral)');
  const memory = await startSpiral(request, MEMORY);
  await aMinuteLater(page);
  await expect(healthLink(page)).toHaveAccessibleName('Health (2 new spirals)');
  // More compactions of a session already spiralling: no more notifications (the report read again a minute later).
  const reread = page.waitForResponse((r) => r.url().includes('/compaction-health/spirals') && r.ok());
  await advanceSession(request, REFACTOR);
  await advanceSession(request, MEMORY);
  await aMinuteLater(page);
  await reread;
  await page.waitForTimeout(500);
  const shown = await notes(page);
  expect(shown).toHaveLength(2);
  expect(shown.map((n) => n.tag)).toEqual([`spiral:${REFACTOR}`, `spiral:${MEMORY}`]);
  expect(shown[0]!.title).toBe('Compaction spiral started');
  expect(shown[0]!.body).toContain(refactor.slice(0, 30));
  expect(shown[1]!.body).toContain(memory.slice(0, 30));
  for (const n of shown) expect([...n.body].length).toBeLessThanOrEqual(160);
});

test('opted out again, a new spiral shows the badge and no notification', async ({ page, request }) => {
  const tick = await settingsWithNotifications(page, request);
  await tick.check();
  await tick.uncheck();
  await page.reload();
  await expect(tick).not.toBeChecked();
  await openAndWatch(page, '/sessions');
  await startSpiral(request, REFACTOR);
  await aMinuteLater(page);
  await expect(healthLink(page)).toHaveAccessibleName('Health (1 new spiral)');
  expect(await notes(page)).toEqual([]);
});

test('Settings asks for permission on the tick only, and says plainly when notifications are blocked or missing', async ({ page, request }) => {
  await resetDaemon(request);
  await recordNotifications(page, 'refusing');
  await page.goto('/settings');
  const tick = page.getByRole('checkbox', { name: 'Notify me when a compaction spiral starts' });
  await expect(tick).toBeEnabled();
  expect(await asked(page), 'no permission asked before the tick').toBe(0);
  await tick.click();
  await expect(page.getByRole('status').filter({ hasText: /Notifications are blocked for this site in the browser’s settings: none can be shown/ })).toBeVisible();
  await expect(tick).not.toBeChecked();
  expect(await asked(page)).toBe(1);
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('heading', { name: 'Notifications' }).scrollIntoViewIfNeeded();
    await shoot(page, 'settings-blocked');
  }
});

test('Settings says so when the browser has no Notification API', async ({ page, request }) => {
  await resetDaemon(request);
  await recordNotifications(page, 'missing');
  await page.goto('/settings');
  await expect(page.getByRole('checkbox', { name: 'Notify me when a compaction spiral starts' })).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: /This browser offers no notifications here \(no Notification API/ })).toBeVisible();
});
