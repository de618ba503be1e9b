import { expect, test, type Page } from '@playwright/test';
import { API, apiGet, resetDaemon } from './support/daemon';

const SESSION = 'ses_gen_memory';

/** The audit log's row for the newest event of a type (the table lists newest first). */
async function openAudit(page: Page, type: string) {
  await page.goto(`/audit?session=${SESSION}&type=${type}`);
  const row = page.getByRole('group', { name: /Audit events/ }).getByRole('row').nth(1);
  await expect(row).toBeVisible();
  return row;
}

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

test('config.changed and rollback rows say what changed: knobs by label, old → new; compactions undone and messages restored', async ({ page, request }) => {
  const config = await apiGet<{ version: number }>(request, `/sessions/${SESSION}/compaction-config?agent_path=primary`);
  const put = await request.put(`${API}/sessions/${SESSION}/compaction-config?agent_path=primary`, {
    data: { version: config.version, set: { upper_threshold: 0.7, 'summarize.window_messages': 31 }, unset: [] },
    headers: { 'X-Kaged-User-Id': 'op-audit' },
  });
  expect(put.ok()).toBe(true);
  const changed = await openAudit(page, 'config.changed');
  const what = changed.getByRole('cell').nth(5);
  await expect(what).toContainText(/Upper threshold \d+\s% → 70\s%/);
  await expect(what).toContainText(/Summary window \d+ → 31/);
  await expect(what).not.toContainText('upper_threshold');

  const points = await apiGet<{ items: { id: string; reason: string }[] }>(request, `/sessions/${SESSION}/checkpoints`);
  const target = points.items.filter((c) => c.reason === 'pre_compaction').at(-1)!;
  const rollback = await request.post(`${API}/sessions/${SESSION}/checkpoints/${target.id}/rollback`, { data: { dry_run: false }, headers: { 'X-Kaged-User-Id': 'op-audit' } });
  expect(rollback.ok()).toBe(true);
  const done = (await rollback.json()) as { rolled_back_compaction_ids: string[] };
  const rolled = await openAudit(page, 'compaction.rolled_back');
  await expect(rolled.getByRole('cell').nth(5)).toContainText(`rolled back to ${target.id}: ${done.rolled_back_compaction_ids.length} compaction${done.rolled_back_compaction_ids.length === 1 ? '' : 's'} undone`);
  await expect(rolled.getByRole('cell').nth(5)).toContainText(/\d+ messages? restored/);
});

test('rows name sessions by title (in full on hover, as text), and the columns fit their content at 1440 and 1024', async ({ page, request }) => {
  const session = await apiGet<{ id: string; title: string }>(request, `/sessions/${SESSION}`);
  await page.goto(`/audit?session=${SESSION}`);
  const rows = page.getByRole('group', { name: /Audit events/ }).getByRole('row');
  const cell = rows.nth(1).getByRole('cell').nth(2);
  await expect(cell).toContainText(session.title.slice(0, 10));
  await expect(cell.getByRole('button')).toHaveAttribute('title', new RegExp(`^${session.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    // Nothing in the time, type or link columns is cut; the table fits the page.
    for (const column of [0, 1, 6]) {
      const clipped = await rows.nth(1).getByRole('cell').nth(column).evaluate((td) => [...td.querySelectorAll('*:not(.visually-hidden)'), td].some((el) => el.scrollWidth > el.clientWidth + 1));
      expect(clipped, `column ${column} at ${width}`).toBe(false);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});

test('two types ticked in one moment (before the page draws again) both count: each change builds on the one before', async ({ page }) => {
  await page.goto(`/audit?session=${SESSION}`);
  await expect(page.getByRole('group', { name: /Audit events/ }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Type: any' }).click();
  const menu = page.getByRole('menu');
  const completed = menu.getByRole('menuitemcheckbox', { name: 'compaction.completed' });
  const failed = menu.getByRole('menuitemcheckbox', { name: 'compaction.failed' });
  await expect(failed).toBeVisible();
  // Two clicks in one task: the router has not re-rendered between them.
  await completed.evaluate((first, second) => {
    (first as HTMLElement).click();
    (second as HTMLElement).click();
  }, await failed.elementHandle());
  await expect(page).toHaveURL(/type=compaction\.completed%2Ccompaction\.failed|type=compaction\.completed,compaction\.failed/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Type: 2 of \d+$/ })).toBeVisible();
});

test('the Type filter: two types ticked one after the other (the menu stays open) show only those; "Any type" clears it', async ({ page }) => {
  await page.goto(`/audit?session=${SESSION}`);
  const rows = page.getByRole('group', { name: /Audit events/ }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Type: any' }).click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitemcheckbox', { name: 'compaction.completed' }).click();
  await menu.getByRole('menuitemcheckbox', { name: 'compaction.failed' }).click();
  await expect(page).toHaveURL(/type=compaction\.completed%2Ccompaction\.failed|type=compaction\.completed,compaction\.failed/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Type: 2 of \d+$/ })).toBeFocused();
  // The list shows the view before until the filtered one is in (kept while switching).
  await expect
    .poll(async () => {
      const types = await rows.locator('.audit-type').allTextContents();
      return types.length > 0 && types.every((t) => /^compaction\.(completed|failed)$/.test(t));
    })
    .toBe(true);

  await page.getByRole('button', { name: /^Type: 2 of/ }).click();
  await page.getByRole('menuitem', { name: 'Any type' }).click();
  await expect(page).not.toHaveURL(/type=/);
  await expect(page.getByRole('button', { name: 'Type: any' })).toBeVisible();
});

test("a row's link opens what it names within the app, without reloading the page; its address is a real one (a new tab, a bookmark)", async ({ page }) => {
  const row = await openAudit(page, 'compaction.completed');
  const link = row.getByRole('cell').nth(6).getByRole('link');
  const id = ((await link.textContent()) ?? '').trim();
  expect(id).toMatch(/^cmp_/);
  await expect(link).toHaveAttribute('href', new RegExp(`^/sessions/${SESSION}/compactions/${id}`));
  await page.evaluate(() => ((window as { __kept?: boolean }).__kept = true));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${SESSION}/compactions/${id}`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { __kept?: boolean }).__kept), 'the page was not reloaded').toBe(true);
});
