/**
 * A model's context window, set by the operator on screen (GET/PUT /model-windows): the agents
 * table's "change" opens a dialog with the window in use, the catalog's and the override; a typed
 * window out of the daemon's range is refused with a message (never moved into range); a save is
 * once, whatever the clicks; another operator's change meanwhile shows both values; every screen
 * showing a session on the model follows (other tabs by the live stream); a recorded call larger
 * than the window is flagged.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, apiGet, resetDaemon } from './support/daemon';
import { sendEachTwice } from './support/resend';
import { expectLive } from './support/ui';

/** Two imported OpenAI-chat runs on deepseek-chat: the first's largest recorded call was 78k tokens. */
const SESSION = 'ses_django-11910';
const OTHER_SESSION = 'ses_django-11133';
const MODEL = 'deepseek:deepseek-chat';

interface ModelWindow {
  window: { tokens: number; source: string };
  override_tokens: number | null;
  version: number;
}

const readWindow = (request: APIRequestContext) => apiGet<ModelWindow>(request, `/model-windows?model=${encodeURIComponent(MODEL)}`);

async function openDialog(page: Page) {
  await page.goto(`/sessions/${SESSION}`);
  const agents = page.getByRole('region', { name: 'Agents' });
  await expect(agents.getByRole('row').nth(1)).toContainText('131k');
  await agents.getByRole('button', { name: `Change the context window of ${MODEL}` }).click();
  const dialog = page.getByRole('dialog', { name: `Context window of ${MODEL}` });
  await expect(dialog.getByText('Model catalog', { exact: true })).toBeVisible({ timeout: 15_000 });
  return { agents, dialog, field: dialog.getByRole('textbox', { name: 'Override (tokens)' }) };
}

test.beforeEach(async ({ request }) => resetDaemon(request));
test.afterAll(async ({ request }) => resetDaemon(request));

test('an operator sets a window: refused out of range with a message, saved once, shown wherever the model is, over-window flagged', async ({ page, request }) => {
  const { agents, dialog, field } = await openDialog(page);
  await expect(dialog).toContainText('131,072 tokens');
  await expect(dialog.getByRole('definition').filter({ hasText: 'none' })).toBeVisible();

  await field.fill('1000');
  await expect(dialog.getByRole('alert')).toHaveText('1,000 tokens is below the smallest window the daemon takes (1,024).');
  await field.fill('2G');
  await expect(dialog.getByRole('alert')).toHaveText('"2G" is not a number of tokens: type e.g. 200000 or 200k.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog, 'nothing is saved while the value is refused').toBeVisible();
  expect((await readWindow(request)).override_tokens).toBeNull();

  await field.fill('64k');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).dblclick();
  await expect(dialog).toBeHidden();
  const saved = await readWindow(request);
  expect(saved, 'a double click saves once').toMatchObject({ override_tokens: 64_000, version: 2, window: { tokens: 64_000, source: 'override' } });

  const row = agents.getByRole('row').nth(1);
  await expect(row).toContainText('64k');
  // Its largest recorded call (78k) is more than the new window: the window is wrong, and it says so (the header says whose window it is).
  await expect(row.getByText('over window')).toHaveAttribute('title', 'a recorded call was sent 78.2k tokens, more than this 64k window: the window is wrong (window: operator override)');
  await expect(page.getByRole('region', { name: 'Session', exact: true }).getByText('operator override')).toBeVisible();

  // The sessions list shows the other session on the model against the same window: 51.3k of 64k.
  await page.goto('/sessions');
  const other = page.getByRole('table', { name: 'Sessions', exact: true }).getByRole('row').filter({ has: page.getByRole('link', { name: new RegExp('11133') }) });
  await expect(other).toContainText('80 %');
  await expect(other).toContainText('operator override');

  // Removing the override goes back to the catalog's window.
  await page.goto(`/sessions/${SESSION}`);
  await agents.getByRole('button', { name: `Change the context window of ${MODEL}` }).click();
  await dialog.getByRole('button', { name: 'Remove override' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('131k');
  await expect(row.getByText('over window')).toHaveCount(0);
  expect(await readWindow(request)).toMatchObject({ override_tokens: null, version: 3 });
});

test('a save the network sent twice is saved, with no conflict: the resend is refused with 409 holding this very window', async ({ page, request }) => {
  const { agents, dialog, field } = await openDialog(page);
  // The daemon applies the first and refuses the second as stale, its current state holding what was asked.
  const resends = await sendEachTwice(page, /\/api\/v1\/model-windows$/, 'PUT');
  await field.fill('64k');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(resends).toEqual([409]);
  await expect(agents.getByRole('row').nth(1)).toContainText('64k');
  expect(await readWindow(request)).toMatchObject({ override_tokens: 64_000, version: 2 });
});

test('another operator changed the window meanwhile: both values shown, the operator chooses', async ({ page, request }) => {
  const { dialog, field } = await openDialog(page);
  const read = await readWindow(request);
  const theirs = await request.put(`${API}/model-windows`, { data: { model: MODEL, override_tokens: 100_000, version: read.version }, headers: { 'X-Kaged-User-Id': 'op-other' } });
  expect(theirs.ok()).toBeTruthy();

  await field.fill('96k');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const conflict = dialog.getByRole('alert').filter({ hasText: 'changed meanwhile' });
  await expect(conflict).toHaveText(/The window changed meanwhile \(by op-other\): now 100,000 tokens, version 2\. Yours: 96,000 tokens\./);
  await expect(field, 'the typed value is kept').toHaveValue('96k');
  expect((await readWindow(request)).override_tokens).toBe(100_000);

  await conflict.getByRole('button', { name: 'Save mine over it' }).click();
  await expect(dialog).toBeHidden();
  expect(await readWindow(request)).toMatchObject({ override_tokens: 96_000, version: 3 });
});

test('a failed save says why and keeps the value; another tab follows a saved window without a reload', async ({ page, context }) => {
  const watcher = await context.newPage();
  await watcher.goto(`/sessions/${OTHER_SESSION}`);
  await expectLive(watcher);
  const watched = watcher.getByRole('region', { name: 'Agents' }).getByRole('row').nth(1);
  await expect(watched).toContainText('131k');

  const { dialog, field } = await openDialog(page);
  await page.route(`**/api/v1/model-windows`, (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'internal', message: 'disk full' }) }) : route.fallback(),
  );
  await field.fill('80000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Could not save the window: PUT /model-windows answered 500 internal: disk full');
  await expect(field).toHaveValue('80000');

  await page.unroute(`**/api/v1/model-windows`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(watched, 'the other tab follows by the live stream').toContainText('80k');
  await expect(watched).toContainText('operator override');
});
