import { expect, test, type Page, type Request } from '@playwright/test';
import { DAEMON, dropSockets, injectFaults, resetDaemon } from './support/daemon';
import { connectionStatus, expectLive, sessionRows } from './support/ui';

/** Requests to the daemon's own origin (cross-origin from the page), with their Authorization header. */
function watchDaemonRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`${DAEMON}/api/`)) seen.push(r);
  });
  return seen;
}

test('an operator id or token an HTTP header cannot carry is refused, naming the character, before any request', async ({ page, request }) => {
  await resetDaemon(request);
  await page.goto('/settings');
  await expectLive(page);
  let tests = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/health')) tests += 1;
  });
  await page.getByLabel('Operator id').fill('kim名');
  await page.getByLabel('Bearer token').fill('tök€n');
  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(page.getByText('The operator id contains "名" (U+540D): only Latin-1 characters can travel in an HTTP header.')).toBeVisible();
  await expect(page.getByText('The token contains "€" (U+20AC)')).toBeVisible();
  await expect(page.getByLabel('Operator id')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Saved|Connected|did not answer/)).toHaveCount(0);
  expect(tests).toBe(0);
  // Nothing was saved: the app still works with the previous settings.
  await page.getByRole('link', { name: 'Sessions' }).click();
  await expect(sessionRows(page).first()).toBeVisible();
});

test('the token stays in this tab unless remembered, and the live stream never carries it in its URL', async ({ page, request }) => {
  await resetDaemon(request);
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto('/settings');
  await expect(page.getByText('Kept for this tab only (session storage) and forgotten when the tab closes.')).toBeVisible();
  await page.getByLabel('Bearer token').fill('s3cret-token');
  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(connectionStatus(page)).toContainText('Connected');
  await expectLive(page);

  const storage = () => page.evaluate(() => ({ local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) }));
  expect((await storage()).local).not.toContain('s3cret-token');
  expect((await storage()).session).toContain('s3cret-token');
  // The socket opened with the new token used a single-use ticket, not the token.
  await expect.poll(() => sockets.filter((u) => u.includes('ticket=')).length).toBeGreaterThan(0);
  expect(sockets.filter((u) => u.includes('s3cret') || u.includes('access_token'))).toEqual([]);
  await page.reload();
  await expect(page.getByLabel('Bearer token')).toHaveValue('s3cret-token');

  // Remembering is the operator's explicit choice, and says what it means.
  await page.getByLabel('Remember the token in this browser').check();
  await expect(page.getByText(/Stored unencrypted in this browser’s local storage/)).toBeVisible();
  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(connectionStatus(page)).toContainText('Connected');
  expect((await storage()).local).toContain('s3cret-token');
  expect((await storage()).session).not.toContain('s3cret-token');
});

test('a token saved in one tab is not in a new tab of a fresh session (sessionStorage)', async ({ browser, request }) => {
  await resetDaemon(request);
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto('/settings');
  await first.getByLabel('Bearer token').fill('tab-only');
  await first.getByRole('button', { name: 'Save and test' }).click();
  await expect(connectionStatus(first)).toContainText('Connected');
  const second = await context.newPage();
  await second.goto('/settings');
  await expect(second.getByLabel('Operator id')).toBeVisible();
  await expect(second.getByLabel('Bearer token')).toHaveValue('');
  await context.close();
});

test('a base URL on another origin: asks before the token goes there, and sends nothing until then', async ({ page, request }) => {
  await resetDaemon(request);
  const daemonRequests = watchDaemonRequests(page);
  await page.goto('/settings');
  await page.getByLabel('API base URL').fill(`${DAEMON}/api/v1`);
  await page.getByLabel('Bearer token').fill('cross-origin-token');
  await page.getByRole('button', { name: 'Save and test' }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Send the token to another origin?' });
  await expect(prompt).toContainText(`${DAEMON} is not this page’s origin`);
  expect(daemonRequests).toEqual([]);

  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Nothing saved; the token was not sent.')).toBeVisible();
  // After a reload the typed values are still there as unsaved input (lost-edits.spec.ts), and
  // still nothing went to the other origin; discarding them brings back the saved base URL.
  await page.reload();
  await expect(page.getByLabel('API base URL')).toHaveValue(`${DAEMON}/api/v1`);
  await expect(page.getByText('Unsaved changes, kept from before')).toBeVisible();
  expect(daemonRequests).toEqual([]);
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByLabel('API base URL')).toHaveValue('/api/v1');
  expect(daemonRequests).toEqual([]);

  await page.getByLabel('API base URL').fill(`${DAEMON}/api/v1`);
  await page.getByLabel('Bearer token').fill('cross-origin-token');
  await page.getByRole('button', { name: 'Save and test' }).click();
  await page.getByRole('button', { name: `Send the token to ${DAEMON}` }).click();
  await expect(connectionStatus(page)).toContainText('Connected');
  expect(daemonRequests.length).toBeGreaterThan(0);
  expect(daemonRequests.every((r) => r.headers().authorization === 'Bearer cross-origin-token')).toBe(true);
});

test('a config.json pointing at another origin: the token is withheld and the Settings screen offers to send it', async ({ page, request }) => {
  await resetDaemon(request);
  await page.route('**/config.json', (route) =>
    route.fulfill({ json: { apiBaseUrl: `${DAEMON}/api/v1`, userId: 'ops', token: 'config-token' } }),
  );
  const daemonRequests = watchDaemonRequests(page);
  await page.goto('/');
  await expect(sessionRows(page).first()).toBeVisible();
  expect(daemonRequests.length).toBeGreaterThan(0);
  expect(daemonRequests.filter((r) => r.headers().authorization !== undefined)).toEqual([]);

  await page.getByRole('link', { name: 'Settings' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'The bearer token is not being sent' });
  await expect(notice).toContainText(`the daemon is at ${DAEMON}, another origin than this page`);
  const sent = page.waitForRequest((r) => r.url().startsWith(`${DAEMON}/api/`) && r.headers().authorization === 'Bearer config-token');
  await notice.getByRole('button', { name: `Send the token to ${DAEMON}` }).click();
  await sent;
  await expect(notice).toHaveCount(0);
});

test('a stored base URL that is not http(s) (tampered storage) is refused with a message, never tried; the built-in one is used', async ({ page, request }) => {
  await resetDaemon(request);
  await page.addInitScript(() => {
    localStorage.setItem(
      'compactor.settings',
      JSON.stringify({ state: { overrides: { apiBaseUrl: 'javascript:window.__pwned=1//', userId: 'tampered' }, theme: 'system', rememberToken: false, trustedOrigins: [] }, version: 2 }),
    );
  });
  const tried: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http')) tried.push(r.url());
  });
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/sessions');
  const notice = page.getByRole('alert').filter({ hasText: 'Stored settings refused' });
  await expect(notice).toContainText('The API base URL must use http or https, not javascript.');
  await expect(notice.getByRole('link', { name: /Settings/ })).toHaveAttribute('href', '/settings');
  // The rest of what was stored still holds; the address is the built-in one, and it answers.
  await expect(sessionRows(page).first()).toBeVisible();
  expect(tried).toEqual([]);
  expect(violations).toEqual([]);
  await notice.getByRole('link', { name: /Settings/ }).click();
  await expect(page.getByLabel('API base URL')).toHaveValue('/api/v1');
  await expect(page.getByLabel('Operator id')).toHaveValue('tampered');
});

test('a 100 KB token is refused before it is saved, with both figures', async ({ page, request }) => {
  await resetDaemon(request);
  await page.goto('/settings');
  await expectLive(page);
  const huge = 't'.repeat(100 * 1024);
  let sentWithIt = 0;
  page.on('request', (r) => {
    if ((r.headers().authorization ?? '').length > 10_000) sentWithIt += 1;
  });
  await page.getByLabel('Bearer token').fill(huge);
  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(page.getByText('The token is 102,400 characters long; servers refuse request headers that large (431). At most 8,192 characters.')).toBeVisible();
  await expect(page.getByLabel('Bearer token')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/^Saved|Connected/)).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify(sessionStorage.getItem('compactor.settings.token')));
  expect(stored).not.toContain('tttttttttttttttt');
  await page.getByRole('link', { name: 'Sessions' }).click();
  await expect(sessionRows(page).first()).toBeVisible();
  expect(sentWithIt).toBe(0);
});

test('one 404 from POST /events/ticket: that socket falls back to the token, said on Settings; the next one uses a ticket again', async ({ page, request }) => {
  await resetDaemon(request);
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto('/settings');
  await page.getByLabel('Bearer token').fill('s3cret-token');
  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(connectionStatus(page)).toContainText('Connected');
  await expectLive(page);
  await expect.poll(() => sockets.filter((u) => u.includes('ticket=')).length).toBeGreaterThan(0);

  // The ticket endpoint answers 404 once: the socket opened then carries the token.
  await injectFaults(request, [{ method: 'POST', path: '^/events/ticket$', fault: 'status:404', times: 1 }]);
  const before = sockets.length;
  await dropSockets(request, 0);
  await expect.poll(() => sockets.slice(before).filter((u) => u.includes('access_token=')).length).toBe(1);
  await expectLive(page);
  const notice = page.getByRole('status').filter({ hasText: 'no stream-ticket endpoint' });
  await expect(notice).toContainText('POST /events/ticket answered 404');
  await expect(notice).toContainText('the token went in the live stream’s address');

  // The endpoint answers again: the next socket uses a ticket, and the notice goes.
  const after = sockets.length;
  await dropSockets(request, 0);
  await expect.poll(() => sockets.slice(after).filter((u) => u.includes('ticket=')).length).toBeGreaterThan(0);
  expect(sockets.slice(after).filter((u) => u.includes('access_token='))).toEqual([]);
  await expectLive(page);
  await expect(notice).toHaveCount(0);
});
