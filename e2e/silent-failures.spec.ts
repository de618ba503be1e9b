import { expect as baseExpect, test } from '@playwright/test';
import { apiGet, clearFaults, injectFaults, listProjects, resetDaemon } from './support/daemon';
import { getCompaction, listCompactions, notesField } from './support/compactions';
import { connectionIndicator, panel } from './support/ui';

/**
 * The silent failures of issue 11: each failure is said where it happens, with a way to try again,
 * and a write whose answer cannot be trusted is judged by reading the daemon's state again.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const SESSION = 'ses_gen_memory';

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

test('GET /projects failing: the breadcrumb says so beside the raw id, and Retry brings the name', async ({ page, request }) => {
  const session = await apiGet<{ project_id: string }>(request, `/sessions/${SESSION}`);
  const project = (await listProjects(request)).find((p) => p.id === session.project_id)!;
  expect(project.name).not.toBe(project.id);
  await injectFaults(request, [{ method: 'GET', path: '^/projects$', fault: 'status:500' }]);
  await page.goto(`/sessions/${SESSION}`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: project.id })).toBeVisible();
  await expect(crumbs).toContainText('project name not loaded: GET /projects failed');

  await clearFaults(request);
  await crumbs.getByRole('button', { name: 'Retry' }).click();
  await expect(crumbs.getByRole('link', { name: project.name })).toBeVisible();
  await expect(crumbs).not.toContainText('not loaded');
});

test('the checkpoint audit trail failing says so with a Retry, and comes back', async ({ page, request }) => {
  await injectFaults(request, [{ method: 'GET', path: '^/audit$', fault: 'status:500' }]);
  // A session whose checkpoint proposal is audited.
  await page.goto('/sessions/ses_gen_review');
  const trail = panel(page, 'Checkpoints').getByRole('group', { name: 'Audit trail' });
  await expect(trail.getByRole('alert')).toContainText("The daemon failed to answer the checkpoints' audit trail.");
  await expect(trail.getByRole('alert')).toContainText('GET /audit answered 500');

  await clearFaults(request);
  await trail.getByRole('button', { name: 'Retry' }).click();
  await expect(panel(page, 'Checkpoints').getByRole('list', { name: 'Audit trail' })).toBeVisible();
});

test('the prompt list failing is said in the compact dialog, not shown as a one-prompt list', async ({ page, request }) => {
  await injectFaults(request, [{ method: 'GET', path: '^/prompts$', fault: 'status:500' }]);
  await page.goto(`/sessions/${SESSION}`);
  await page.getByRole('button', { name: 'Compact…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compact' });
  const problem = dialog.getByText("Prompt list not loaded: only the agent's prompt is offered.");
  await expect(problem).toBeVisible();

  await clearFaults(request);
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(problem).toBeHidden();
  const prompts = await apiGet<{ items: unknown[] }>(request, '/prompts');
  await dialog.getByRole('radio', { name: 'summarize' }).click();
  await dialog.getByRole('combobox', { name: 'Summary prompt' }).click();
  await expect(page.getByRole('option')).toHaveCount(prompts.items.length);
});

test('offline, a note save fails with a message at once (not "Saving…" forever), the indicator says Offline, the draft is kept', async ({ page, context, request }) => {
  const record = (await listCompactions(request, SESSION)).items[0]!;
  await page.goto(`/sessions/${SESSION}/compactions/${record.id}`);
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'live');
  await notesField(page).fill('Written on a train.');

  await context.setOffline(true);
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'offline');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Could not save the notes of ${record.id}` })).toContainText('Your note is kept as an unsaved draft.');
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await expect(page.getByText('Unsaved draft, kept in this browser until it is saved')).toBeVisible();

  await context.setOffline(false);
  await expect(connectionIndicator(page)).not.toHaveAttribute('data-status', 'offline');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect((await getCompaction(request, SESSION, record.id)).operator_notes).toBe('Written on a train.');
});

test('a note save the daemon applied but answered with a contract-breaking body counts as saved after a re-read: no conflict with the next save', async ({ page, request }) => {
  const record = (await listCompactions(request, SESSION)).items[0]!;
  await page.goto(`/sessions/${SESSION}/compactions/${record.id}`);
  await expect(notesField(page)).toBeVisible();
  await injectFaults(request, [{ method: 'PATCH', path: '^/sessions/[^/]+/compactions/[^/]+$', fault: 'invalid', times: 1 }]);
  await notesField(page).fill('First thought.');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved the notes of ${record.id}.` })).toContainText('could not be trusted, so the record was read again');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect((await getCompaction(request, SESSION, record.id)).operator_notes).toBe('First thought.');

  // The operator's next save is not a conflict with their own first one.
  await notesField(page).fill('Second thought.');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect((await getCompaction(request, SESSION, record.id)).operator_notes).toBe('Second thought.');
});

test('a rollback the daemon applied but answered with a contract-breaking body is reported as done after re-reading, with no contradictory retry note', async ({ page, request }) => {
  const target = (await apiGet<{ items: Array<{ id: string; reason: string }> }>(request, `/sessions/${SESSION}/checkpoints`)).items.filter((c) => c.reason === 'pre_compaction').at(-1)!;
  await page.goto(`/sessions/${SESSION}`);
  await panel(page, 'Checkpoints').locator(`[data-checkpoint="${target.id}"]`).getByRole('button', { name: 'Roll back…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll back past a compaction' });
  await expect(dialog.getByRole('table', { name: /Rollback preview/ })).toBeVisible({ timeout: 20_000 });
  await injectFaults(request, [{ method: 'POST', path: '/rollback$', fault: 'invalid', times: 1 }]);
  await dialog.getByRole('button', { name: 'Roll back…' }).click();
  await page.getByRole('alertdialog', { name: `Roll back to ${target.id}?` }).getByRole('button', { name: 'Roll back', exact: true }).click();
  const done = dialog.locator('[data-outcome="rolled-back"]');
  await expect(done).toContainText("Rolled back. The daemon's answer could not be trusted, so the checkpoints were read again");
  await expect(dialog).not.toContainText('Trying again');
  await expect(dialog).not.toContainText('already rolled back');
  const audit = await apiGet<{ items: unknown[] }>(request, `/audit?session_id=${SESSION}&type=compaction.rolled_back`);
  expect(audit.items).toHaveLength(1);
});

test('an error message does not run into its endpoint', async ({ page, request }) => {
  await injectFaults(request, [{ method: 'GET', path: '^/sessions/[^/]+/checkpoints$', fault: 'status:403' }]);
  await page.goto(`/sessions/${SESSION}`);
  const alert = panel(page, 'Checkpoints').getByRole('alert');
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).toContainText('check the operator id and token in Settings');
  const text = (await alert.textContent()) ?? '';
  expect(text).toMatch(/in Settings\.\s+GET \/sessions\/\{session_id\}\/checkpoints answered 403/);
});

test('one failing stats query shows one message, not one per chart', async ({ page, request }) => {
  await injectFaults(request, [{ method: 'GET', path: '^/sessions/[^/]+/compaction-stats$', fault: 'status:500' }]);
  await page.goto(`/sessions/${SESSION}`);
  const stats = panel(page, 'Compaction');
  await expect(stats.getByRole('alert')).toContainText('The daemon failed to answer the compaction stats.');
  await expect(stats.getByText('Not shown: the compaction stats did not load (said above).').first()).toBeVisible();
  await expect(stats.getByRole('alert')).toHaveCount(1);
  await expect(stats.getByRole('button', { name: 'Retry' })).toHaveCount(1);

  await clearFaults(request);
  await stats.getByRole('button', { name: 'Retry' }).click();
  await expect(stats.getByRole('alert')).toHaveCount(0);
  const direct = await apiGet<{ events_total: number }>(request, `/sessions/${SESSION}/compaction-stats`);
  await expect(stats).toContainText(new RegExp(`Events\\s*${direct.events_total}(?!\\d)`));
});
