import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API, apiGet, injectFaults, resetDaemon } from './support/daemon';
import { flagButton, getCompaction, ledgerRow, listCompactions, notesField } from './support/compactions';
import { panel } from './support/ui';

/**
 * Double submits: every write the operator can trigger takes effect exactly once under a double
 * click, Enter pressed twice, or a second click while the first request is slow (the simulator's
 * `latency:MS` fault). Checked on the daemon's own state over HTTP, not only on the screen.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const SLOW = 'latency:1500';

interface AuditLite {
  items: Array<{ type: string; data: Record<string, unknown> }>;
}

async function auditCount(request: APIRequestContext, query: string, type: string): Promise<number> {
  return (await apiGet<AuditLite>(request, `/audit?${query}&type=${type}&limit=1000`)).items.length;
}

async function eventCount(request: APIRequestContext, sessionId: string): Promise<number> {
  return (await listCompactions(request, sessionId, 'limit=1')).total;
}

/** Requests of one method whose path matches, as the page sends them. */
function watch(page: Page, method: string, path: RegExp): string[] {
  const keys: string[] = [];
  page.on('request', (r) => {
    if (r.method() === method && path.test(new URL(r.url()).pathname)) keys.push(r.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

async function pressTwice(button: Locator): Promise<void> {
  await button.focus();
  await button.press('Enter');
  // The second press lands wherever the focus is now (a button that stays, or nothing).
  await button.page().keyboard.press('Enter');
}

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

test('manual compact: Enter twice on the slow commit, then a click on Commit… meanwhile: one compaction, one key', async ({ page, request }) => {
  const sessionId = 'ses_gen_memory';
  const before = await eventCount(request, sessionId);
  const keys = watch(page, 'POST', /\/sessions\/[^/]+\/compact$/);
  await page.goto(`/sessions/${sessionId}`);
  await page.getByRole('button', { name: 'Compact…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compact' });
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(dialog.getByRole('table', { name: /Dry-run diff/ })).toBeVisible({ timeout: 20_000 });

  await injectFaults(request, [{ method: 'POST', path: '^/sessions/[^/]+/compact$', fault: SLOW }]);
  await dialog.getByRole('button', { name: 'Commit…' }).click();
  await pressTwice(page.getByRole('alertdialog', { name: 'Commit this compaction?' }).getByRole('button', { name: 'Commit compaction' }));
  // While the first request is out, a click on Commit… (if it is offered) confirmed again changes nothing.
  if (await dialog.getByRole('button', { name: 'Commit…' }).click({ timeout: 1000 }).then(() => true, () => false)) {
    await page.getByRole('alertdialog', { name: 'Commit this compaction?' }).getByRole('button', { name: 'Commit compaction' }).click({ timeout: 1000 }).catch(() => undefined);
  }
  await expect(dialog.locator('[data-outcome="completed"]')).toContainText('Compacted.');
  await expect.poll(() => eventCount(request, sessionId)).toBe(before + 1);
  expect(new Set(keys).size).toBe(1);
  expect(await auditCount(request, `session_id=${sessionId}`, 'compaction.completed')).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  expect(await eventCount(request, sessionId)).toBe(before + 1);
});

test('flag saves: a double click and Enter twice on a slow save each flag once, not flag-then-clear', async ({ page, request }) => {
  const sessionId = 'ses_gen_memory';
  const [first, second] = (await listCompactions(request, sessionId, 'flag=unflagged')).items;
  await page.goto(`/sessions/${sessionId}`);
  await expect(ledgerRow(page, first!.id)).toBeVisible();
  await injectFaults(request, [{ method: 'PATCH', path: '^/sessions/[^/]+/compactions/[^/]+$', fault: SLOW }]);
  const patches = watch(page, 'PATCH', /\/compactions\/[^/]+$/);

  await flagButton(ledgerRow(page, first!.id), 'Good').dblclick();
  await pressTwice(flagButton(ledgerRow(page, second!.id), 'Bad'));

  await expect(flagButton(ledgerRow(page, first!.id), 'Good')).toHaveAttribute('aria-pressed', 'true');
  await expect(flagButton(ledgerRow(page, second!.id), 'Bad')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await getCompaction(request, sessionId, first!.id)).operator_flag).toBe('good');
  await expect.poll(async () => (await getCompaction(request, sessionId, second!.id)).operator_flag).toBe('bad');
  await page.waitForLoadState('networkidle');
  expect(patches).toHaveLength(2);
  expect(await auditCount(request, `compaction_id=${first!.id}`, 'compaction.flagged')).toBe(1);
  expect(await auditCount(request, `compaction_id=${second!.id}`, 'compaction.flagged')).toBe(1);
  // Both stay flagged after the answers and a reload.
  await page.reload();
  await expect(flagButton(ledgerRow(page, first!.id), 'Good')).toHaveAttribute('aria-pressed', 'true');
  await expect(flagButton(ledgerRow(page, second!.id), 'Bad')).toHaveAttribute('aria-pressed', 'true');
});

test('knob save: a double click on a slow "Save changes" makes one config version', async ({ page, request }) => {
  const sessionId = 'ses_gen_refactor';
  const config = () => apiGet<{ version: number }>(request, `/sessions/${sessionId}/compaction-config?agent_path=primary`);
  const before = (await config()).version;
  await page.goto(`/sessions/${sessionId}/knobs?agent=primary&group=trigger`);
  const upper = page.getByRole('spinbutton', { name: 'Upper threshold' });
  await upper.fill('80');
  await upper.blur();
  await injectFaults(request, [{ method: 'PUT', path: '^/sessions/[^/]+/compaction-config', fault: SLOW }]);
  const puts = watch(page, 'PUT', /\/compaction-config$/);
  await page.getByRole('button', { name: 'Review and save…' }).click();
  await page.getByRole('alertdialog', { name: 'Save 1 change?' }).getByRole('button', { name: 'Save changes' }).dblclick();
  // A second click on "Review and save…" while the save is out opens nothing new.
  await page.getByRole('button', { name: 'Review and save…' }).click({ timeout: 1000 }).catch(() => undefined);
  await expect(page.getByRole('status').filter({ hasText: 'Saved 1 agent.' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(puts).toHaveLength(1);
  expect((await config()).version).toBe(before + 1);
  const history = await apiGet<{ items: unknown[] }>(request, `/sessions/${sessionId}/compaction-config/history?agent_path=primary`);
  expect(history.items.filter((v) => (v as { version: number }).version > before)).toHaveLength(1);
});

test('checkpoint approve: a double click on a slow "Approve and resume" resolves it once', async ({ page, request }) => {
  const sessionId = 'ses_gen_review';
  const { pending_checkpoint_id: cid, compaction_count: before } = await apiGet<{ pending_checkpoint_id: string; compaction_count: number }>(request, `/sessions/${sessionId}`);
  await page.goto(`/sessions/${sessionId}/checkpoints/${cid}`);
  await expect(page.getByRole('table', { name: /Proposal diff/ })).toBeVisible();
  await injectFaults(request, [{ method: 'POST', path: '/resume$', fault: SLOW }]);
  const keys = watch(page, 'POST', /\/resume$/);
  await page.getByRole('button', { name: 'Approve…' }).click();
  await page.getByRole('alertdialog', { name: 'Approve this compaction?' }).getByRole('button', { name: 'Approve and resume' }).dblclick();
  await expect(page.locator('[data-outcome="completed"]')).toContainText('Compacted.');
  await page.waitForLoadState('networkidle');
  expect(new Set(keys).size).toBe(1);
  expect(await auditCount(request, `session_id=${sessionId}`, 'compaction.checkpoint_resolved')).toBe(1);
  expect((await apiGet<{ compaction_count: number }>(request, `/sessions/${sessionId}`)).compaction_count).toBe(before + 1);
});

test('checkpoint reject: Enter twice on a slow "Reject and resume" resolves it once', async ({ page, request }) => {
  const sessionId = 'ses_gen_signoff';
  const { pending_checkpoint_id: cid } = await apiGet<{ pending_checkpoint_id: string }>(request, `/sessions/${sessionId}`);
  await page.goto(`/sessions/${sessionId}/checkpoints/${cid}`);
  await expect(page.getByRole('table', { name: /Proposal diff/ })).toBeVisible();
  await injectFaults(request, [{ method: 'POST', path: '/resume$', fault: SLOW }]);
  const keys = watch(page, 'POST', /\/resume$/);
  await page.getByRole('button', { name: 'Reject…' }).click();
  await pressTwice(page.getByRole('alertdialog', { name: 'Reject this compaction?' }).getByRole('button', { name: 'Reject and resume' }));
  await expect(page.locator('[data-outcome="rejected"]')).toContainText('Rejected.');
  await page.waitForLoadState('networkidle');
  expect(new Set(keys).size).toBe(1);
  const resolved = await apiGet<AuditLite>(request, `/audit?session_id=${sessionId}&type=compaction.checkpoint_resolved`);
  expect(resolved.items.map((e) => e.data.action)).toEqual(['reject']);
});

test('rollback: a double click on a slow "Roll back" rolls back once', async ({ page, request }) => {
  const sessionId = 'ses_gen_memory';
  const points = (await apiGet<{ items: Array<{ id: string; reason: string }> }>(request, `/sessions/${sessionId}/checkpoints`)).items.filter((c) => c.reason === 'pre_compaction');
  const target = points.at(-1)!;
  const before = (await apiGet<{ compaction_count: number }>(request, `/sessions/${sessionId}`)).compaction_count;
  await page.goto(`/sessions/${sessionId}`);
  await panel(page, 'Checkpoints').locator(`[data-checkpoint="${target.id}"]`).getByRole('button', { name: 'Roll back…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll back past a compaction' });
  await expect(dialog.getByRole('table', { name: /Rollback preview/ })).toBeVisible({ timeout: 20_000 });
  await injectFaults(request, [{ method: 'POST', path: '/rollback$', fault: SLOW }]);
  const keys: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/rollback') && !(r.postData() ?? '').includes('dry_run')) keys.push(r.headers()['idempotency-key'] ?? '');
  });
  await dialog.getByRole('button', { name: 'Roll back…' }).click();
  await page.getByRole('alertdialog', { name: `Roll back to ${target.id}?` }).getByRole('button', { name: 'Roll back', exact: true }).dblclick();
  await expect(dialog.locator('[data-outcome="rolled-back"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(new Set(keys).size).toBe(1);
  expect(await auditCount(request, `session_id=${sessionId}`, 'compaction.rolled_back')).toBe(1);
  expect((await apiGet<{ compaction_count: number }>(request, `/sessions/${sessionId}`)).compaction_count).toBe(before - 1);
  // The daemon refuses a second rollback to the same point, so nothing else may have tried.
  const again = await request.post(`${API}/sessions/${sessionId}/checkpoints/${target.id}/rollback`, { data: { dry_run: true } });
  expect(again.status()).toBe(409);
});

test('notes: a double click on a slow "Save notes", then Ctrl+Enter twice, each save once (version +1 each)', async ({ page, request }) => {
  const sessionId = 'ses_gen_memory';
  const record = (await listCompactions(request, sessionId)).items[0]!;
  const before = (await getCompaction(request, sessionId, record.id)).version;
  await page.goto(`/sessions/${sessionId}/compactions/${record.id}`);
  await expect(notesField(page)).toBeVisible();
  await injectFaults(request, [{ method: 'PATCH', path: '^/sessions/[^/]+/compactions/[^/]+$', fault: SLOW }]);
  const patches = watch(page, 'PATCH', /\/compactions\/[^/]+$/);

  await notesField(page).fill('First, saved by a double click.');
  await page.getByRole('button', { name: 'Save notes' }).dblclick();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect.poll(async () => (await getCompaction(request, sessionId, record.id)).operator_notes).toBe('First, saved by a double click.');
  await page.waitForLoadState('networkidle');
  expect(patches).toHaveLength(1);
  expect((await getCompaction(request, sessionId, record.id)).version).toBe(before + 1);

  await notesField(page).fill('Second, saved by Ctrl+Enter twice.');
  await notesField(page).press('Control+Enter');
  await notesField(page).press('Control+Enter');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(patches).toHaveLength(2);
  const after = await getCompaction(request, sessionId, record.id);
  expect(after.operator_notes).toBe('Second, saved by Ctrl+Enter twice.');
  expect(after.version).toBe(before + 2);
});

test('Import: a double click imports the chosen file once, and the dialog stays open with its report', async ({ page, request }) => {
  const before = (await apiGet<{ items: unknown[] }>(request, '/sessions')).items.length;
  await page.goto('/sessions');
  await page.getByRole('button', { name: 'Import transcripts…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import transcripts' });
  await dialog.getByLabel('Transcript files').setInputFiles(['mocks/fixtures/transcripts/openai-chat/django__django-11910.traj.json']);
  await dialog.getByRole('button', { name: 'Import', exact: true }).dblclick();
  await expect(dialog.getByRole('status').filter({ hasText: 'imported' })).toHaveText('1 session imported.', { timeout: 30_000 });
  await expect(dialog).toBeVisible();
  expect((await apiGet<{ items: unknown[] }>(request, '/sessions')).items.length).toBe(before + 1);
});
