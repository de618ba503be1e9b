import { expect, test } from '@playwright/test';
import { clearFaults, injectFaults, resetDaemon } from './support/daemon';
import { connectionIndicator, connectionStatus, expectLive, panel, sessionRows } from './support/ui';

test('refuses a base URL of the wrong shape', async ({ page, request }) => {
  await resetDaemon(request);
  await page.goto('/settings');
  const base = page.getByLabel('API base URL');
  await base.fill('localhost:4010/api');
  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(page.getByText(/must be an absolute http\(s\) URL/)).toBeVisible();
  await expect(base).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Connected|did not answer/)).toHaveCount(0);
});

test('saves, tests the connection, and remembers it across reloads', async ({ page, request }) => {
  await resetDaemon(request);
  await page.goto('/settings');
  await page.getByLabel('Operator id').fill('kim');
  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(connectionStatus(page)).toContainText(/Saved\. Connected: kaged .*simulated daemon/);
  await page.reload();
  await expect(page.getByLabel('Operator id')).toHaveValue('kim');

  await page.getByRole('button', { name: 'Reset to config.json' }).click();
  await expect(page.getByLabel('Operator id')).toHaveValue('operator');
  await page.reload();
  await expect(page.getByLabel('Operator id')).toHaveValue('operator');
});

test('an unreachable daemon is reported, and reset brings the app back', async ({ page, request }) => {
  await resetDaemon(request);
  await page.goto('/settings');
  await expectLive(page);
  await page.getByLabel('API base URL').fill('http://127.0.0.1:9/api/v1');
  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Saved.' })).toContainText('The daemon did not answer: GET /health: the daemon could not be reached');
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', /reconnecting|offline/);
  // The shell says it once for the whole app, naming the daemon it tried.
  const outage = page.getByRole('alert', { name: 'Daemon not answering' });
  await expect(outage).toContainText('http://127.0.0.1:9/api/v1');

  await page.getByRole('button', { name: 'Reset to config.json' }).click();
  await expect(page.getByLabel('API base URL')).toHaveValue('/api/v1');
  await expectLive(page);
  await expect(outage).toHaveCount(0);
  await page.getByRole('link', { name: 'Sessions' }).click();
  await expect(sessionRows(page).first()).toBeVisible();
});

test('the token is masked until shown, and sent as a bearer token', async ({ page, request }) => {
  await resetDaemon(request);
  await page.goto('/settings');
  const token = page.getByLabel('Bearer token');
  await expect(token).toHaveAttribute('type', 'password');
  await token.fill('s3cret');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(token).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(token).toHaveAttribute('type', 'password');

  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(connectionStatus(page)).toContainText('Connected');
  const sent = page.waitForRequest((r) => r.url().includes('/api/v1/sessions') && r.headers().authorization === 'Bearer s3cret');
  await page.getByRole('link', { name: 'Sessions' }).click();
  await sent;
});

test('the theme choice applies at once', async ({ page, request }) => {
  await resetDaemon(request);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings');
  await page.getByRole('main').getByRole('radio', { name: 'Dark', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('panels showing 401 recover without a reload once the token is corrected on Settings', async ({ page, request }) => {
  await resetDaemon(request);
  // The daemon refuses the operator's credentials on these reads until the token is right.
  await injectFaults(request, [
    { method: 'GET', path: '^/sessions/[^/]+/checkpoints$', fault: 'status:401' },
    { method: 'GET', path: '^/sessions/[^/]+/compaction-stats$', fault: 'status:401' },
  ]);
  try {
    await page.goto('/sessions/ses_gen_memory');
    const checkpoints = panel(page, 'Checkpoints');
    await expect(checkpoints.getByRole('alert')).toContainText('401', { timeout: 20_000 });
    await expect(panel(page, 'Compaction').getByRole('alert')).toContainText('401');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await clearFaults(request);
    await page.getByLabel('Bearer token').fill('the-right-token');
    await page.getByRole('button', { name: 'Save and test' }).click();
    await expect(connectionStatus(page).filter({ hasText: 'Connected' })).toBeVisible();
    // Back, as the operator goes back: no reload.
    await page.goBack();
    await expect(checkpoints.locator('[data-checkpoint]').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    await clearFaults(request);
  }
});
