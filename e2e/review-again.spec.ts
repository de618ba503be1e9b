import { expect, test } from '@playwright/test';
import { API, resetDaemon } from './support/daemon';
import { getCompaction, type PageLite } from './support/compactions';
import { choose } from './support/ui';

/** After a plugin change, its author reviews the events flagged bad again, one at a time across sessions. */
test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

test('the review queue serves the events flagged bad: each verdict, kept or changed, moves on and is saved once', async ({ page, request }) => {
  const bad = (await (await request.get(`${API}/compactions?plugin=hindsight&flag=bad&sort=created_at&limit=1000`, { headers: { 'X-Kaged-User-Id': 'e2e' } })).json()) as PageLite;
  await page.goto('/plugins/hindsight');
  await page.getByRole('link', { name: /Review the bad ones again/ }).click();
  await expect(page).toHaveURL(/\/review\?plugin=hindsight&flag=bad$/);
  await expect(page.getByRole('combobox', { name: 'Events' })).toContainText('flagged bad');

  const progress = page.locator('.review-progress');
  const head = page.locator('.review-item__head h2');
  await expect(progress.locator('strong')).toHaveText(/^1 of [\d,]+$/);
  await expect(progress).toContainText(/flagged bad after this one/);
  const first = await head.innerText();
  const record = bad.items.find((r) => r.id === first)!;
  expect(record, 'the first event served is flagged bad').toBeTruthy();
  // The verdict starts from the event's flag, and says whose it was.
  const verdict = page.getByRole('form', { name: 'Verdict' });
  await expect(verdict.getByRole('button', { name: /^bad/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(verdict).toContainText(/Flagged bad by /);

  // Good now, then the second kept bad (Enter).
  await verdict.getByRole('button', { name: /^good/ }).click();
  await verdict.getByRole('button', { name: /^Save and next/ }).click();
  await expect(progress.locator('strong')).toHaveText(/^2 of /);
  const second = await head.innerText();
  expect(second).not.toBe(first);
  const secondRecord = bad.items.find((r) => r.id === second)!;
  expect(secondRecord, 'the second event served is flagged bad').toBeTruthy();
  await page.keyboard.press('Enter');
  await expect(progress.locator('strong')).toHaveText(/^3 of /);

  await expect.poll(async () => (await getCompaction(request, record.session_id, record.id)).operator_flag).toBe('good');
  const kept = await getCompaction(request, secondRecord.session_id, secondRecord.id);
  expect(kept.operator_flag).toBe('bad');
  expect(kept.version).toBe(secondRecord.version + 1);

  // Leaving and coming back resumes the same walk.
  const third = await head.innerText();
  await page.goto('/sessions');
  await page.goto('/review?plugin=hindsight&flag=bad');
  await expect(progress.locator('strong')).toHaveText(/^3 of /);
  await expect(head).toHaveText(third);

  // The chooser goes back to the unrated ones.
  await choose(page, 'Events', 'unrated');
  await expect(page).toHaveURL(/\/review\?plugin=hindsight$/);
  await expect(progress).toContainText(/unrated after this one/);
  await expect(verdict).not.toContainText('Flagged');
});
