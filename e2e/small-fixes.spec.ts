import { expect as baseExpect, test } from '@playwright/test';
import { API, apiGet, listProjects, listSessions, resetDaemon } from './support/daemon';
import { flagButton, ledgerCount, ledgerGrid, ledgerRow, ledgerRows, listCompactions, pickFilter } from './support/compactions';
import { panel, sessionRows } from './support/ui';

/** Issue 11's "smaller" list: each item as the operator meets it. */
const expect = baseExpect.configure({ timeout: 15_000 });
const SESSION = 'ses_gen_memory';

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

test('"Back to the ledger" lands on the ledger, not the page top', async ({ page, request }) => {
  const record = (await listCompactions(request, SESSION)).items[0]!;
  await page.goto(`/sessions/${SESSION}/compactions/${record.id}`);
  await page.getByRole('link', { name: /Back to the ledger/ }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${SESSION}.*#ledger$`));
  await expect(ledgerRow(page, record.id)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ledger', exact: true })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('the sessions list: the Project column links to the project; Updated reads one way; Compactions says what it counts', async ({ page, request }) => {
  const session = (await listSessions(request))[0]!;
  await page.goto('/sessions');
  const rows = sessionRows(page);
  await expect(rows.filter({ hasText: session.title }).first()).toBeVisible();
  const updated = await rows.evaluateAll((trs) => trs.flatMap((tr) => [...tr.querySelectorAll('time')].map((t) => t.textContent ?? '')));
  expect(updated.length).toBeGreaterThan(0);
  for (const text of updated) expect(text).toMatch(/^(just now|\d+ (s|min|h|d|mo|y) ago)$/);
  await expect(rows.first().locator('[title^="Compactions in effect: rolled-back ones are not counted"]')).toBeAttached();

  const project = (await listProjects(request)).find((p) => p.id === session.project_id)!;
  const row = rows.filter({ hasText: session.title }).first();
  await row.getByRole('link', { name: project.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${session.project_id}$`));
});

test('ledger: "undone" fits its column, the counts say what they include, filters clear with one wording, the error dot has a legend, flag buttons are 26 px', async ({ page, request }) => {
  const points = (await apiGet<{ items: Array<{ id: string; reason: string }> }>(request, `/sessions/${SESSION}/checkpoints`)).items.filter((c) => c.reason === 'pre_compaction');
  const done = await (await request.post(`${API}/sessions/${SESSION}/checkpoints/${points.at(-1)!.id}/rollback`, { headers: { 'X-Kaged-User-Id': 'e2e' }, data: {} })).json();
  const undoneId: string = done.rolled_back_compaction_ids[0];
  await page.goto(`/sessions/${SESSION}`);
  const row = ledgerRow(page, undoneId);
  const badge = row.getByText('undone', { exact: true });
  await expect(badge).toBeVisible({ timeout: 30_000 });
  const fits = await badge.evaluate((el) => {
    const cell = el.closest('[role="gridcell"]')!;
    return el.getBoundingClientRect().right <= cell.getBoundingClientRect().right + 0.5;
  });
  expect(fits, 'the "undone" badge ends inside the Strategy cell').toBe(true);

  await expect(ledgerCount(page)).toHaveAttribute('title', /rolled-back ones included/);
  await expect(ledgerGrid(page).getByRole('columnheader', { name: /Plugins/ })).toContainText('hook failed');

  const box = await flagButton(ledgerRows(page).first(), 'Good').boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(26);

  await pickFilter(page, 'Trigger', ['scheduled']);
  await expect(page.getByRole('button', { name: 'Clear filters', exact: true })).toBeVisible();
  await pickFilter(page, 'Flag', ['bad']);
  await expect(page.getByRole('button', { name: 'Clear 2 filters', exact: true })).toBeVisible();
});

test('after a rollback the dialog shrinks to its message and does not ask for the preview again (no 409)', async ({ page, request }) => {
  const target = (await apiGet<{ items: Array<{ id: string; reason: string }> }>(request, `/sessions/${SESSION}/checkpoints`)).items.filter((c) => c.reason === 'pre_compaction').at(-1)!;
  const conflicts: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 409) conflicts.push(`${r.request().method()} ${r.url()}`);
  });
  await page.goto(`/sessions/${SESSION}`);
  await panel(page, 'Checkpoints').locator(`[data-checkpoint="${target.id}"]`).getByRole('button', { name: 'Roll back…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll back past a compaction' });
  await expect(dialog.getByRole('table', { name: /Rollback preview/ })).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Roll back…' }).click();
  await page.getByRole('alertdialog', { name: `Roll back to ${target.id}?` }).getByRole('button', { name: 'Roll back', exact: true }).click();
  await expect(dialog.locator('[data-outcome="rolled-back"]')).toBeVisible();
  const height = (await dialog.boundingBox())!.height;
  expect(height).toBeLessThan(400);
  await page.waitForLoadState('networkidle');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(panel(page, 'Checkpoints').locator(`[data-checkpoint="${target.id}"]`)).toContainText('rolled back');
  expect(conflicts).toEqual([]);
});
