import { expect, test, type APIRequestContext } from '@playwright/test';
import { API, apiGet, resetDaemon } from './support/daemon';

const SESSION = 'ses_gen_refactor';
const CONFIG = `${API}/sessions/${SESSION}/compaction-config?agent_path=primary`;

async function save(request: APIRequestContext, set: Record<string, unknown>, actor = 'op-history'): Promise<number> {
  const { version } = await apiGet<{ version: number }>(request, `/sessions/${SESSION}/compaction-config?agent_path=primary`);
  const put = await request.put(CONFIG, { data: { version, set, unset: [] }, headers: { 'X-Kaged-User-Id': actor } });
  expect(put.ok()).toBe(true);
  return ((await put.json()) as { version: number }).version;
}

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

test('Recent changes: knobs by label; two versions compared side by side; reverted to a version through review and a versioned save', async ({ page, request }) => {
  const v2 = await save(request, { upper_threshold: 0.8 });
  const v3 = await save(request, { strategy: 'checkpoint', 'summarize.window_messages': 30 });
  await page.goto(`/sessions/${SESSION}/knobs?agent=primary&group=trigger`);
  const history = page.getByRole('complementary', { name: 'Recent changes' });
  await expect(history.locator(`[data-version="${v2}"]`)).toContainText('Upper threshold 85 % → 80 %');
  await expect(history.locator(`[data-version="${v3}"]`)).toContainText('Strategy summarize → checkpoint');

  await history.getByRole('checkbox', { name: `Compare version ${v2}` }).check();
  await history.getByRole('checkbox', { name: `Compare version ${v3}` }).check();
  await history.getByRole('button', { name: `Compare v${v2} and v${v3}` }).click();
  const compare = page.getByRole('dialog', { name: `primary: version ${v2} and version ${v3}` });
  await expect(compare.getByRole('row', { name: /^Strategy/ })).toContainText(/summarize\s*checkpoint/);
  await expect(compare.getByRole('row', { name: /^Summary window/ })).toContainText(/20\s*30/);
  await expect(compare.getByRole('row', { name: /^Upper threshold/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await history.locator(`[data-version="${v2}"]`).getByRole('button', { name: `Revert to v${v2}…` }).click();
  const review = page.getByRole('alertdialog', { name: 'Save 2 changes?' });
  await expect(review.getByRole('row').filter({ hasText: /^Strategy/ })).toContainText('checkpoint');
  await expect(review.getByRole('row').filter({ hasText: /^Strategy/ })).toContainText('summarize');
  await expect(review.getByRole('row').filter({ hasText: 'Summary window' })).toContainText('20');

  // Someone saves meanwhile: the versioned save answers 409 and the screen shows both, as for any edit.
  await save(request, { lower_threshold: 0.5 }, 'someone-else');
  await review.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alertdialog', { name: 'primary was changed elsewhere' })).toBeVisible();
});

test('a revert saved: the config holds the version’s values again', async ({ page, request }) => {
  const v2 = await save(request, { upper_threshold: 0.8 });
  await save(request, { upper_threshold: 0.75, strategy: 'drop' });
  await page.goto(`/sessions/${SESSION}/knobs?agent=primary&group=trigger`);
  const history = page.getByRole('complementary', { name: 'Recent changes' });
  await history.locator(`[data-version="${v2}"]`).getByRole('button', { name: `Revert to v${v2}…` }).click();
  await page.getByRole('alertdialog', { name: 'Save 2 changes?' }).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 1 agent.' })).toBeVisible();
  const after = await apiGet<{ values: { upper_threshold: number; strategy: string } }>(request, `/sessions/${SESSION}/compaction-config?agent_path=primary`);
  expect(after.values).toMatchObject({ upper_threshold: 0.8, strategy: 'summarize' });
});
