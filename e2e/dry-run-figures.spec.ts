import { expect, test, type Locator } from '@playwright/test';
import { API, clearFaults, injectFaults, resetDaemon } from './support/daemon';

/**
 * A dry run's figures add up with the pruning pre-pass shown: before (the context as the session
 * shows it, the pre-pass applied) − superseded + summary = after, what the pre-pass saved its own
 * figure, pruned tool outputs marked in the diff with their sizes.
 */
// The rollback preview's session: generated, with rollback points whose previews prune.
const SESSION = 'ses_gen_refactor';

async function figure(totals: Locator, label: string): Promise<number> {
  return Number(await totals.locator(`[data-figure="${label}"]`).getAttribute('data-tokens'));
}

/** The named figures of a sum, by label. */
async function figures<L extends string>(totals: Locator, labels: readonly L[]): Promise<Record<L, number>> {
  const values = await Promise.all(labels.map((label) => figure(totals, label)));
  return Object.fromEntries(labels.map((label, i) => [label, values[i]])) as Record<L, number>;
}

test('the manual-compact preview shows pruning, and its figures add up', async ({ page, request }) => {
  await resetDaemon(request);
  // The first generated session whose dry run prunes tool outputs (running ones grow live: which one
  // prunes is read, not assumed).
  const generated = (await (await request.get(`${API}/sessions`, { headers: { 'X-Kaged-User-Id': 'e2e' } })).json()).items.filter(
    (x: { source: { kind: string } }) => x.source.kind === 'generated',
  ) as { id: string }[];
  let session: string | null = null;
  let direct: { pruned?: { tokens_before: number; tokens_after: number }[]; before_estimate: number; record: { after_estimate: number } } | null = null;
  for (const { id } of generated) {
    const answer = await (await request.post(`${API}/sessions/${id}/compactions/dry-run`, { headers: { 'X-Kaged-User-Id': 'e2e' }, data: { agent_path: 'primary' } })).json();
    if ((answer.pruned ?? []).length > 0) {
      [session, direct] = [id, answer];
      break;
    }
  }
  expect(direct, 'a generated session whose dry run prunes').not.toBeNull();
  const prunedRows = direct!.pruned!;
  const prunedTokens = prunedRows.reduce((sum, p) => sum + p.tokens_before - p.tokens_after, 0);

  await page.goto(`/sessions/${session}`);
  await page.getByRole('button', { name: 'Compact…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Preview/ }).click();
  await expect(dialog.getByRole('table', { name: /diff/i })).toBeVisible({ timeout: 20_000 });

  await expect(dialog.getByRole('term').filter({ hasText: 'Pruned' })).toBeVisible();
  await expect(dialog.getByRole('definition').filter({ hasText: /tool outputs/ })).toContainText(String(prunedRows.length));
  const sum = dialog.getByLabel('How the figures add up');
  await expect(sum).toContainText(/before .* − superseded .* \+ summary .* = after/);
  const { before, superseded, summary, after } = await figures(sum, ['before', 'superseded', 'summary', 'after']);
  expect(await figure(dialog.getByRole('definition').filter({ hasText: /tool outputs/ }), 'pruned')).toBe(prunedTokens);
  // Before is the context the session header shows (the pre-pass applied), not the list as stored.
  expect(before).toBe(direct!.before_estimate);
  expect(after).toBe(direct!.record.after_estimate);
  expect(before - superseded + summary).toBe(after);
  await expect(sum).not.toContainText('do not add up');

  // Pruned rows are marked, with their sizes.
  const diff = dialog.getByRole('table', { name: /diff/i });
  await diff.getByRole('button', { name: /Unfold all/ }).or(dialog.getByRole('button', { name: /Unfold all/ })).first().click();
  await expect(diff.getByText(/^pruned .* → /).first()).toBeVisible();
});

test('the rollback preview shows pruning, and its figures add up', async ({ page, request }) => {
  await resetDaemon(request);
  const points = (
    (await (await request.get(`${API}/sessions/${SESSION}/checkpoints`, { headers: { 'X-Kaged-User-Id': 'e2e' } })).json()) as { items: Array<{ id: string; reason: string }> }
  ).items.filter((c) => c.reason === 'pre_compaction');
  // The newest rollback point whose rollback leaves tool outputs for the pruning pre-pass.
  let target: { id: string; pruned: Array<{ tokens_before: number; tokens_after: number }> } | null = null;
  for (const point of points.reverse()) {
    const preview = await (await request.post(`${API}/sessions/${SESSION}/checkpoints/${point.id}/rollback`, { headers: { 'X-Kaged-User-Id': 'e2e' }, data: { dry_run: true } })).json();
    if ((preview.pruned ?? []).length > 0) {
      target = { id: point.id, pruned: preview.pruned };
      break;
    }
  }
  expect(target, 'a rollback point whose preview prunes').not.toBeNull();
  const prunedTokens = target!.pruned.reduce((sum, p) => sum + p.tokens_before - p.tokens_after, 0);

  await page.goto(`/sessions/${SESSION}`);
  await page.getByRole('region', { name: 'Checkpoints', exact: true }).locator(`[data-checkpoint="${target!.id}"]`).getByRole('button', { name: 'Roll back…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll back past a compaction' });
  await expect(dialog.getByRole('table', { name: /Rollback preview/ })).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('term').filter({ hasText: 'Pruned' })).toBeVisible();
  await expect(dialog.getByRole('definition').filter({ hasText: /tool outputs/ })).toContainText(String(target!.pruned.length));
  const sum = dialog.getByLabel('How the figures add up');
  await expect(sum).toContainText(/before .* − superseded .* \+ restored .* − pruned .* = after/);
  const { before, superseded, restored, pruned, after } = await figures(sum, ['before', 'superseded', 'restored', 'pruned', 'after']);
  expect(pruned).toBe(prunedTokens);
  expect(before - superseded + restored - pruned).toBe(after);
  await expect(sum).not.toContainText('do not add up');
  // The active list's figure is the sum's result, not the list as stored.
  await expect(dialog.getByRole('definition').filter({ hasText: /→/ }).last()).toContainText(`${(await sum.locator('[data-figure="after"]').textContent())!.replace('after ', '')} tok`);

  // Pruned rows are marked on the side after the rollback, with their sizes.
  await dialog.getByRole('button', { name: /Unfold all/ }).first().click();
  await expect(dialog.getByRole('table', { name: /Rollback preview/ }).getByText(/^pruned .* → /).first()).toBeVisible();
});

test('a proposed list that gives two messages one id: the diff is drawn, ends, and says so', async ({ page, request }) => {
  await resetDaemon(request);
  // Every id in the answer (messages, tool calls, the record) replaced by one of three, in turn.
  await injectFaults(request, [{ path: `^/sessions/${SESSION}/compactions/dry-run$`, fault: 'hostile', keys: ['id'], texts: ['msg_a', 'msg_b', 'msg_c'] }]);
  try {
    await page.goto(`/sessions/${SESSION}`);
    await page.getByRole('button', { name: 'Compact…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Preview/ }).click();
    await expect(dialog.getByRole('table', { name: /diff/i })).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('note').filter({ hasText: /messages reuse the id of an earlier message/ })).toBeVisible();
    await expect(dialog.getByRole('table', { name: /diff/i }).getByRole('row').nth(3)).toBeVisible();
  } finally {
    await clearFaults(request);
  }
});
