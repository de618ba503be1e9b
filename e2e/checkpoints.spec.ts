import { expect, test, type APIRequestContext } from '@playwright/test';
import { API, apiGet, listSessions, resetDaemon } from './support/daemon';
import { panel, sessionRows } from './support/ui';

interface Checkpoint {
  id: string;
  reason: string;
  agent_path: string;
  compaction_id: string | null;
  resolution: string | null;
  rolled_back: boolean;
}
interface AuditEvent {
  type: string;
  actor: string;
  data: Record<string, unknown>;
}

async function checkpoints(request: APIRequestContext, sessionId: string): Promise<Checkpoint[]> {
  return (await apiGet<{ items: Checkpoint[] }>(request, `/sessions/${sessionId}/checkpoints`)).items;
}

async function audit(request: APIRequestContext, sessionId: string, type: string): Promise<AuditEvent[]> {
  return (await apiGet<{ items: AuditEvent[] }>(request, `/audit?session_id=${sessionId}&type=${type}`)).items;
}

async function session(request: APIRequestContext, sessionId: string) {
  return apiGet<{ status: string; compaction_pending: boolean; compaction_count: number; pending_checkpoint_id: string | null }>(request, `/sessions/${sessionId}`);
}

test('approves a pending checkpoint reached from the sessions list: the session resumes, audited', async ({ page, request }) => {
  await resetDaemon(request);
  const target = (await listSessions(request)).find((s) => s.id === 'ses_gen_review')!;
  const { pending_checkpoint_id: cid } = await session(request, target.id);
  expect(cid).toBeTruthy();

  await page.goto('/sessions');
  const row = sessionRows(page).filter({ hasText: target.title });
  await row.getByRole('link', { name: /approval pending/ }).click();
  await expect(page).toHaveURL(`/sessions/${target.id}/checkpoints/${cid}`);

  // The proposal, in the same diff as a manual preview.
  const diff = page.getByRole('table', { name: /Proposal diff/ });
  await expect(diff).toBeVisible();
  await expect(diff.getByText('kept: system prompt').first()).toBeVisible();
  await expect(diff.getByText(/summary · replaces \d+/)).toBeVisible();
  await expect(page.getByText('waiting for approval')).toBeVisible();

  await page.getByRole('button', { name: 'Approve…' }).click();
  await page.getByRole('alertdialog', { name: 'Approve this compaction?' }).getByRole('button', { name: 'Approve and resume' }).click();
  await expect(page.locator('[data-outcome="completed"]')).toContainText('Compacted.');
  await expect(page.getByText('approved', { exact: true })).toBeVisible();

  const after = await session(request, target.id);
  expect(after).toMatchObject({ status: 'idle', compaction_pending: false, compaction_count: 1 });
  const resolved = await audit(request, target.id, 'compaction.checkpoint_resolved');
  expect(resolved).toHaveLength(1);
  expect(resolved[0]).toMatchObject({ actor: 'operator', data: { checkpoint_id: cid, action: 'approve', outcome: 'completed' } });

  // Back on the session: no banner, the checkpoint is shown approved, with its audit trail.
  await page.getByRole('link', { name: 'Back to the session' }).click();
  await expect(page.getByRole('heading', { name: target.title })).toBeVisible();
  await expect(page.getByTestId('pending-banner')).toHaveCount(0);
  const checkpointsPanel = panel(page, 'Checkpoints');
  await expect(checkpointsPanel.locator(`[data-checkpoint="${cid}"]`)).toContainText('proposal approved');
  await expect(checkpointsPanel.getByRole('list', { name: 'Audit trail' })).toContainText(`operator approved ${cid}`);
});

test('edits the overrides and previews again, then rejects another proposal from the session banner', async ({ page, request }) => {
  await resetDaemon(request);
  const sessionId = 'ses_gen_signoff';
  const before = await session(request, sessionId);
  expect(before.compaction_pending).toBe(true);

  await page.goto(`/sessions/${sessionId}`);
  const banner = page.getByTestId('pending-banner');
  await expect(banner).toContainText('Paused: a compaction waits for approval.');
  await banner.getByRole('link', { name: 'Review the proposal' }).click();
  const diff = page.getByRole('table', { name: /Proposal diff/ });
  await expect(diff).toBeVisible();

  // Edit: other overrides, previewed before they could be applied.
  await page.getByRole('button', { name: 'Edit overrides…' }).click();
  const form = page.getByRole('form', { name: 'Edit the overrides' });
  await expect(form.getByRole('radio', { name: 'summarize' })).toHaveAttribute('data-state', 'on');
  await form.getByRole('radio', { name: 'drop' }).click();
  await form.getByRole('switch', { name: 'Summarize' }).click();
  await expect(form.getByRole('button', { name: 'Apply edited…' })).toBeDisabled();
  await form.getByRole('button', { name: 'Preview edited' }).click();
  await expect(page.getByRole('button', { name: /^Edited: drop/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByRole('button', { name: 'Apply edited…' })).toBeEnabled();
  await page.getByRole('button', { name: 'Original proposal' }).click();
  await expect(diff.getByText(/summary · replaces \d+/)).toBeVisible();

  // …and reject instead.
  await page.getByRole('button', { name: 'Cancel the edit' }).click();
  await page.getByRole('button', { name: 'Reject…' }).click();
  await page.getByRole('alertdialog', { name: 'Reject this compaction?' }).getByRole('button', { name: 'Reject and resume' }).click();
  await expect(page.locator('[data-outcome="rejected"]')).toContainText('Rejected. Nothing was compacted; the session resumed.');

  const after = await session(request, sessionId);
  expect(after).toMatchObject({ status: 'idle', compaction_pending: false, compaction_count: before.compaction_count });
  const resolved = await audit(request, sessionId, 'compaction.checkpoint_resolved');
  expect(resolved.map((e) => e.data.action)).toEqual(['reject']);

  await page.goto(`/sessions/${sessionId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('pending-banner')).toHaveCount(0);
});

test('rolls back a compaction: choose the checkpoint, preview what comes back, confirm; ledger and stats follow', async ({ page, request }) => {
  await resetDaemon(request);
  const sessionId = 'ses_gen_memory';
  const points = (await checkpoints(request, sessionId)).filter((c) => c.reason === 'pre_compaction');
  const target = points.at(-2)!; // the second newest: rolling back to it undoes two compactions
  const preview = await (await request.post(`${API}/sessions/${sessionId}/checkpoints/${target.id}/rollback`, { data: { dry_run: true } })).json();
  const undone: string[] = preview.rolled_back_compaction_ids;
  expect(undone).toHaveLength(2);
  const before = await session(request, sessionId);

  await page.goto(`/sessions/${sessionId}`);
  const checkpointsPanel = panel(page, 'Checkpoints');
  // The point's row names its compaction's strategy, from the session's records. Three reads in a
  // row (below the fold: the page's first data, then the checkpoints, then as many records as there
  // are points), each behind the session page's others: CI's 2 cores once took more than 7 s.
  const targetRecord = await apiGet<{ strategy: string }>(request, `/sessions/${sessionId}/compactions/${target.compaction_id}`);
  await expect(checkpointsPanel.locator(`[data-checkpoint="${target.id}"]`)).toContainText(`${target.compaction_id} · ${targetRecord.strategy} ·`, { timeout: 20_000 });
  await checkpointsPanel.locator(`[data-checkpoint="${target.id}"]`).getByRole('button', { name: 'Roll back…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll back past a compaction' });
  await expect(dialog.getByRole('combobox', { name: 'Checkpoint' })).toContainText(`Before ${target.compaction_id}`);
  await expect(dialog.getByTestId('rollback-restore-count')).toHaveText(preview.restore_message_ids.length.toLocaleString('en-US'));
  for (const id of undone) await expect(dialog.getByRole('link', { name: id })).toBeVisible();
  // Each compaction it undoes is named with its strategy, read from the session's records.
  const undoneLine = dialog.locator('.rb-summary__undone');
  for (const id of undone) {
    const record = await apiGet<{ strategy: string }>(request, `/sessions/${sessionId}/compactions/${id}`);
    await expect(undoneLine).toContainText(`${id} (${record.strategy})`);
  }
  const diff = dialog.getByRole('table', { name: /Rollback preview/ });
  await expect(diff.getByText('restored', { exact: true }).first()).toBeVisible();

  await dialog.getByRole('button', { name: 'Roll back…' }).click();
  await page.getByRole('alertdialog', { name: `Roll back to ${target.id}?` }).getByRole('button', { name: 'Roll back', exact: true }).click();
  await expect(dialog.locator('[data-outcome="rolled-back"]')).toContainText(`${undone.length} compactions are now marked rolled back`);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The daemon: both compactions rolled back, left out of the counts and the stats.
  for (const id of undone) expect((await apiGet<{ rolled_back: boolean }>(request, `/sessions/${sessionId}/compactions/${id}`)).rolled_back).toBe(true);
  const after = await session(request, sessionId);
  expect(after.compaction_count).toBe(before.compaction_count - undone.length);
  const stats = await apiGet<{ events_total: number }>(request, `/sessions/${sessionId}/compaction-stats`);
  expect(stats.events_total).toBe(before.compaction_count - undone.length);

  // The page follows: the rollback point is marked, the audit trail says who did it.
  await expect(checkpointsPanel.locator(`[data-checkpoint="${target.id}"]`)).toContainText('rolled back');
  await expect(checkpointsPanel.locator(`[data-checkpoint="${target.id}"]`).getByRole('button', { name: 'Roll back…' })).toBeDisabled();
  await expect(checkpointsPanel.getByRole('list', { name: 'Audit trail' })).toContainText(`operator rolled back to ${target.id}: 2 compactions undone`);
  await expect(panel(page, 'Agents').getByRole('row', { name: /primary/ })).toContainText(String(after.compaction_count));
  // The ledger marks both events undone; the stats count only the others.
  await expect(panel(page, 'Ledger').getByText('undone', { exact: true })).toHaveCount(undone.length);
  await expect(panel(page, 'Compaction')).toContainText(new RegExp(`Events\\s*${after.compaction_count}(?!\\d)`));
});
