/**
 * A part whose code is loaded on its own (charts, menus, dialogs: components/lazy-part.tsx) and
 * does not download fails in its place only: the page stays, the part says so (or its control
 * stays usable), and it appears once its code can be had again, without a reload.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { resetDaemon } from './support/daemon';
import { sessionRows } from './support/ui';

const expect = baseExpect.configure({ timeout: 20_000 });
const PAGE_DOWN = 'This page could not be loaded';

/** Makes the chunks matching `chunk` fail to download until the answered function is called. */
async function blockCode(page: Page, chunk: RegExp): Promise<() => Promise<void>> {
  await page.route(chunk, (route) => route.abort('connectionfailed'));
  return () => page.unroute(chunk);
}

/** A mark in the page's window: still there after the part appeared means no reload happened. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as { __notReloaded?: boolean }).__notReloaded = true));
}

async function stillTheSamePage(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
  await expect(page.getByText(PAGE_DOWN)).toHaveCount(0);
}

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

test("the health view's charts not downloading: the view stays with a message in their place, and they appear by themselves once they can be had", async ({ page }) => {
  const unblock = await blockCode(page, /\/assets\/health-charts-[^/]*\.js$/);
  await page.goto('/health?range=all');
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load the charts.' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('Its code did not download');
  // The rest of the view is there and works.
  await expect(page.locator('.health-headline')).toBeVisible();
  await expect(page.getByText(PAGE_DOWN)).toHaveCount(0);
  await markPage(page);

  await unblock();
  // Tried again by itself (no click): 2 s after the first failure, twice as long after each next one.
  await expect(page.getByRole('figure', { name: 'Tokens saved' })).toBeVisible({ timeout: 30_000 });
  await expect(failure).toHaveCount(0);
  await stillTheSamePage(page);
});

test("a dropdown's menu not downloading: the page stays, the dropdown says so, and pressing it once it can be had opens it", async ({ page }) => {
  const unblock = await blockCode(page, /\/assets\/select-menu-[^/]*\.js$/);
  const menuAsked = page.waitForEvent('requestfailed', (r) => /\/assets\/select-menu-/.test(r.url()));
  await page.goto('/sessions');
  await expect(sessionRows(page).first()).toBeVisible();
  // Asked for once the first screen is drawn, and failed.
  await menuAsked;
  const switcher = page.getByRole('combobox', { name: 'Go to project' });
  await switcher.click();
  await expect(switcher).toHaveAttribute('title', 'Its menu did not download: pressing tries again');
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(sessionRows(page).first()).toBeVisible();
  await markPage(page);

  await unblock();
  // Pressed before, it opens as soon as its code is in (by itself after a while, at once on a press).
  await expect(async () => {
    if ((await page.getByRole('listbox').count()) === 0) await switcher.click();
    await expect(page.getByRole('option').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await stillTheSamePage(page);
});

test("a dialog's code not downloading: the dialog says so in its frame, closes as ever, and Retry brings it once it can be had", async ({ page }) => {
  const unblock = await blockCode(page, /\/assets\/manual-compact-dialog-[^/]*\.js$/);
  await page.goto('/sessions/ses_gen_refactor');
  await page.getByRole('button', { name: 'Compact…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compact', exact: true });
  await expect(dialog.getByRole('alert')).toContainText('Could not load the dialog "Compact".');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Compact…' })).toBeVisible();
  await markPage(page);

  await page.getByRole('button', { name: 'Compact…' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Could not load the dialog "Compact".');
  await unblock();
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.getByRole('slider', { name: 'Upper threshold' })).toBeVisible();
  await stillTheSamePage(page);
});
