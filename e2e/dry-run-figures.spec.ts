import { expect, test, type Locator } from '@playwright/test';
import { API, resetDaemon } from './support/daemon';

/**
 * A dry run's figures add up with the pruning pre-pass shown: before − superseded − pruned +
 * summary = after, pruned tool outputs marked in the diff with their sizes.
 */
const SESSION = 'ses_gen_memory';

async function figure(totals: Locator, label: string): Promise<number> {
  return Number(await totals.locator(`[data-figure="${label}"]`).getAttribute('data-tokens'));
}

test('the manual-compact preview shows pruning, and its figures add up', async ({ page, request }) => {
  await resetDaemon(request);
  const direct = await (
    await request.post(`${API}/sessions/${SESSION}/compactions/dry-run`, { headers: { 'X-Kaged-User-Id': 'e2e' }, data: { agent_path: 'primary' } })
  ).json();
  const prunedTokens = (direct.pruned as { tokens_before: number; tokens_after: number }[]).reduce((sum, p) => sum + p.tokens_before - p.tokens_after, 0);
  expect(direct.pruned.length).toBeGreaterThan(0);

  await page.goto(`/sessions/${SESSION}`);
  await page.getByRole('button', { name: 'Compact…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Preview/ }).click();
  await expect(dialog.getByRole('table', { name: /diff/i })).toBeVisible({ timeout: 20_000 });

  await expect(dialog.getByRole('term').filter({ hasText: 'Pruned' })).toBeVisible();
  await expect(dialog.getByRole('definition').filter({ hasText: /tool outputs/ })).toContainText(String(direct.pruned.length));
  const sum = dialog.getByLabel('How the figures add up');
  await expect(sum).toContainText(/before .* − superseded .* − pruned .* \+ summary .* = after/);
  const [before, superseded, pruned, summary, after] = (await Promise.all(['before', 'superseded', 'pruned', 'summary', 'after'].map((l) => figure(sum, l)))) as [
    number,
    number,
    number,
    number,
    number,
  ];
  expect(pruned).toBe(prunedTokens);
  expect(before).toBe(direct.before_estimate + prunedTokens);
  expect(after).toBe(direct.record.after_estimate);
  expect(before - superseded - pruned + summary).toBe(after);
  await expect(sum).not.toContainText('do not add up');

  // Pruned rows are marked, with their sizes.
  const diff = dialog.getByRole('table', { name: /diff/i });
  await diff.getByRole('button', { name: /Unfold all/ }).or(dialog.getByRole('button', { name: /Unfold all/ })).first().click();
  await expect(diff.getByText(/^pruned .* → /).first()).toBeVisible();
});
