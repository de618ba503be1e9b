import { expect, test } from '@playwright/test';
import { advanceSession, clearFaults, dropSockets, injectFaults, listProjects, listSessions, resetDaemon } from './support/daemon';
import { connectionIndicator, expectLive, panel, sessionRows } from './support/ui';

test('deep links open directly, and back/forward walk the history', async ({ page, request }) => {
  await resetDaemon(request);
  const [session] = await listSessions(request);
  const [project] = await listProjects(request);

  await page.goto('/');
  await expect(page).toHaveURL('/sessions');

  await page.goto(`/sessions/${session!.id}?`);
  await expect(page.getByRole('heading', { level: 1, name: session!.title })).toBeVisible();

  await page.goto('/sessions?status=idle&sort=-cost');
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toContainText('Idle');
  await sessionRows(page).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/sessions\/[^/?]+$/);
  await page.getByRole('combobox', { name: 'Go to project' }).click();
  await page.getByRole('option', { name: project!.name }).click();
  await expect(page).toHaveURL(`/projects/${project!.id}`);

  await page.goBack();
  await expect(page).toHaveURL(/\/sessions\/[^/?]+$/);
  await page.goBack();
  await expect(page).toHaveURL('/sessions?status=idle&sort=-cost');
  await expect(page.getByRole('columnheader', { name: 'Cost' })).toHaveAttribute('aria-sort', 'descending');
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(`/projects/${project!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: project!.name })).toBeVisible();
});

test('an unknown address says so', async ({ page, request }) => {
  await resetDaemon(request);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Nothing here' })).toBeVisible();
  await page.goto('/sessions/ses_does_not_exist');
  await expect(page.getByText('No session ses_does_not_exist')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.goto('/projects/no-such-project');
  await expect(page.getByText('No project no-such-project')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the sessions' }).click();
  await expect(page).toHaveURL('/sessions');
});

test('a page whose code did not download says so in its place, the top bar stays, and reloading brings it', async ({ page, request }) => {
  await resetDaemon(request);
  const [session] = await listSessions(request);
  let offline = true;
  await page.route(/\/assets\/session-page-[\w-]+\.js$/, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('/sessions');
  await page.getByRole('link', { name: session!.title, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByText(/session-page-[\w-]+\.js/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Health' })).toBeVisible();

  offline = false;
  await page.getByRole('link', { name: 'Reload this page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: session!.title })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the theme follows the system, and the toggle overrides it across reloads', async ({ page, request }) => {
  await resetDaemon(request);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/sessions');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');

  await page.getByRole('radio', { name: 'Dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(245, 246, 248)');

  await page.getByRole('radio', { name: 'System theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test('the connection indicator shows live, simulated, and a dropped stream reconnecting', async ({ page, request }) => {
  await resetDaemon(request);
  await page.goto('/sessions');
  await expectLive(page);
  await expect(connectionIndicator(page)).toContainText('simulated');
  await dropSockets(request, 1500);
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', /reconnecting|offline/);
  await expect(connectionIndicator(page)).toContainText(/Reconnecting|Offline/);
  await expectLive(page);
  await connectionIndicator(page).click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText('Receiving live events');
  await expect(details).toContainText(/simulated/);
  // The last event's number follows the stream while the details are open.
  const lastEvent = details.locator('dd.num');
  const seqOf = async () => Number((await lastEvent.textContent())?.replace(/\D/g, '') || '0');
  const before = await seqOf();
  const [session] = await listSessions(request);
  await advanceSession(request, session!.id);
  await expect.poll(seqOf).toBeGreaterThan(before);
});

test('a failing panel shows its own error and retry; the rest of the page keeps working', async ({ page, request }) => {
  await resetDaemon(request);
  const [project] = await listProjects(request);
  await injectFaults(request, [{ method: 'GET', path: `^/projects/${project!.id}/compaction-stats$`, fault: 'status:500' }]);
  await page.goto(`/projects/${project!.id}`);

  const summary = panel(page, 'Compaction summary');
  await expect(summary.getByRole('alert')).toContainText('GET /projects/{project_id}/compaction-stats answered 500 internal');
  await expect(sessionRows(page)).toHaveCount(project!.session_count);
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();

  await clearFaults(request);
  await summary.getByRole('button', { name: 'Retry' }).click();
  await expect(summary.getByRole('alert')).toHaveCount(0);
  await expect(summary.getByText('Tokens saved')).toBeVisible();
});

test('a body that breaks the contract is refused, naming the endpoint and field', async ({ page, request }) => {
  await resetDaemon(request);
  // A generated session with live traffic (the generated history's sessions are more recent, so listed first).
  const sessions = (await listSessions(request)).filter((s) => s.project_id === 'kaged-demo');
  await injectFaults(request, [{ method: 'GET', path: `^/sessions/${sessions[0]!.id}$`, fault: 'invalid' }]);
  await page.goto(`/sessions/${sessions[0]!.id}`);
  const alert = page.getByRole('alert').first();
  await expect(alert).toContainText('cannot trust');
  await expect(alert).toContainText(/GET \/sessions\/\{session_id\} answered a body that breaks the contract at \/\w+/);
  await expect(panel(page, 'Compaction').getByText('Events', { exact: true })).toBeVisible();
});

test('a body that is not JSON is reported as such', async ({ page, request }) => {
  await resetDaemon(request);
  await injectFaults(request, [{ method: 'GET', path: '^/sessions$', fault: 'malformed' }]);
  await page.goto('/sessions');
  await expect(page.getByRole('alert')).toContainText('GET /sessions answered');
  await expect(page.getByRole('alert')).toContainText('not JSON');
});
