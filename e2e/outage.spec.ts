import { expect, test, type Page } from '@playwright/test';
import { injectFaults, clearFaults, listSessions, resetDaemon } from './support/daemon';
import { panel } from './support/ui';
import { freePort, pointAt, startSimulator as start, stopSimulator as stop } from './support/simulator-process';

/**
 * A daemon that stops and comes back: one page-level message while it is away (not a red panel
 * per query), and every panel recovers by itself when it answers again. The daemon here is a
 * simulator this test starts, stops and starts again on the same port; the app is pointed at it
 * through its remembered Settings, as an operator would point it at a real daemon.
 */

function outage(page: Page) {
  return page.getByRole('alert', { name: 'Daemon not answering' });
}

test('a stopped daemon shows one page-level message; when it answers again every panel recovers without a click', async ({ page }) => {
  // Two simulator starts (support/simulator-process.ts): up to two minutes each on a loaded machine.
  test.setTimeout(300_000);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/v1`;
  let daemon = await start(port);
  try {
    const session = (await (await fetch(`${url}/sessions`, { headers: { 'X-Kaged-User-Id': 'e2e' } })).json()) as { items: { id: string; title: string }[] };
    const target = session.items[0]!;
    await pointAt(page, url);
    await page.goto('/sessions');
    await expect(page.getByRole('table', { name: 'Sessions' }).getByRole('link', { name: target.title })).toBeVisible();

    await stop(daemon);
    // Opening a session while the daemon is away: one message naming the daemon, no red panels.
    await page.getByRole('link', { name: target.title }).click();
    await expect(outage(page)).toBeVisible({ timeout: 20_000 });
    await expect(outage(page)).toContainText(`The kaged daemon at ${url} is not answering; retrying in`);
    await expect(outage(page).getByRole('button', { name: 'Retry now' })).toBeVisible();
    await expect(outage(page).getByRole('link', { name: /Settings/ })).toHaveAttribute('href', '/settings');
    await expect(page.getByRole('alert')).toHaveCount(1);
    // "Retry now" while still away keeps the one message.
    await outage(page).getByRole('button', { name: 'Retry now' }).click();
    await expect(outage(page)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(1);

    daemon = await start(port);
    // Nothing clicked: the probe finds it, the message goes, the page fills in.
    await expect(outage(page)).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
    await expect(panel(page, 'Ledger').locator('[data-compaction-id]').first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/Waiting for the daemon/)).toHaveCount(0);
  } finally {
    await stop(daemon);
  }
});

test('one endpoint failing stays its panel’s message, with no page-level outage', async ({ page, request }) => {
  await resetDaemon(request);
  const [session] = await listSessions(request);
  await injectFaults(request, [{ method: 'GET', path: '/compaction-stats$', fault: 'status:503' }]);
  try {
    await page.goto(`/sessions/${session!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: session!.title })).toBeVisible();
    const failed = page.getByRole('alert').filter({ hasText: 'compaction stats' }).first();
    await expect(failed).toBeVisible({ timeout: 20_000 });
    // The title and the endpoint's detail are separate sentences, never run together.
    await expect(failed).toContainText(/\. GET \/sessions\/\{session_id\}\/compaction-stats/);
    await expect(outage(page)).toHaveCount(0);
  } finally {
    await clearFaults(request);
  }
});

test('the daemon stopping under an idle, scrolled page: the notice shows where the operator is, and names the daemon (not the browser) as offline', async ({ page }) => {
  // Two simulator starts (support/simulator-process.ts): up to two minutes each on a loaded machine.
  test.setTimeout(300_000);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/v1`;
  let daemon = await start(port);
  try {
    await pointAt(page, url);
    await page.setViewportSize({ width: 1440, height: 600 });
    await page.goto('/sessions/ses_gen_refactor');
    await expect(panel(page, 'Ledger').locator('[data-compaction-id]').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: /^Connection: Live/ })).toBeVisible();
    // Far down the page, nothing clicked: only the live stream notices.
    await page.mouse.wheel(0, 3_000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1_000);

    await stop(daemon);
    await expect(outage(page)).toBeInViewport({ timeout: 30_000 });
    await expect(outage(page)).toContainText(`The kaged daemon at ${url} is not answering`);
    const indicator = page.getByRole('button', { name: /^Connection:/ });
    await expect(indicator).toContainText('Daemon offline');
    await expect(indicator).toHaveAccessibleName(/^Connection: Daemon offline/);
    await indicator.click();
    const details = page.getByRole('dialog').filter({ hasText: 'Daemon' });
    await expect(details).toContainText('not answering');
    await expect(details).not.toContainText(/· ok/);
    await page.keyboard.press('Escape');
    // Scrolled somewhere else, it is still in view.
    await page.mouse.wheel(0, -800);
    await expect(outage(page)).toBeInViewport();

    daemon = await start(port);
    await expect(outage(page)).toHaveCount(0, { timeout: 30_000 });
    await expect(indicator).toHaveAccessibleName(/^Connection: Live/, { timeout: 30_000 });
  } finally {
    await stop(daemon);
  }
});

test('the browser going offline is named as the browser, not the daemon', async ({ page, context, request }) => {
  await resetDaemon(request);
  await page.goto('/sessions');
  await expect(page.getByRole('table', { name: 'Sessions', exact: true }).locator('tbody tr').first()).toBeVisible();
  const indicator = page.getByRole('button', { name: /^Connection:/ });
  await expect(indicator).toHaveAccessibleName(/^Connection: Live/);
  // Every chunk of the page in (offline, a chunk still to come would fail the page, not this test).
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await expect(indicator).toHaveAccessibleName(/^Connection: Browser offline/);
  await context.setOffline(false);
  await expect(indicator).toHaveAccessibleName(/^Connection: Live/, { timeout: 20_000 });
});
