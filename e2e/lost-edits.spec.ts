/**
 * Issue 11, lost edits: what the operator set in the manual-compact modal survives a failed commit,
 * closing the modal and a reload (with its pinned proposal), until a commit succeeds; what they
 * typed on Settings survives leaving the page and a reload, marked unsaved, until saved or discarded.
 * Issue 27, drafts per tab and per target: two tabs of one browser editing knobs of other sessions
 * and agents, or the same event's notes, lose nothing of each other's; the threshold lab keeps the
 * settings typed and not run across a reload and a visit elsewhere.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet, injectFaults, resetDaemon } from './support/daemon';
import { listCompactions, notesField } from './support/compactions';
import { setThreshold } from './support/ui';

const REAL = 'ses_4d5611e5-241';

async function eventCount(request: Parameters<typeof apiGet>[0], sessionId: string): Promise<number> {
  return (await apiGet<{ total: number }>(request, `/sessions/${sessionId}/compactions?limit=1`)).total;
}

async function openCompact(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Compact…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compact' });
  await expect(dialog.getByRole('slider', { name: 'Upper threshold' })).toBeVisible();
  return dialog;
}

async function commitOnce(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Commit…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Commit compaction' }).click();
}

test('the compact modal keeps its settings and pinned proposal across a failed commit, close and reload; a commit clears them', async ({ page, request }) => {
  // Three reloads and two dry runs: long on a busy machine.
  test.setTimeout(120_000);
  await resetDaemon(request);
  const before = await eventCount(request, REAL);
  await page.goto(`/sessions/${REAL}`);
  let dialog = await openCompact(page);
  await expect(dialog.getByRole('radio', { name: 'summarize' })).toHaveAttribute('data-state', 'on');
  const defaultUpper = await dialog.getByRole('slider', { name: 'Upper threshold' }).getAttribute('aria-valuenow');
  await expect(dialog.getByText('Your unsaved settings')).toHaveCount(0);

  // The operator's own settings: drop, no summary, a lower upper threshold.
  await dialog.getByRole('radio', { name: 'drop' }).click();
  await dialog.getByRole('switch', { name: 'Summarize' }).click();
  // (The estimate holds 26k tokens of system prompt and tools: 0.4 → 0.3 is a target drop reaches.)
  await setThreshold(dialog, 'Upper threshold', 0.4);
  await setThreshold(dialog, 'Lower threshold', 0.3);
  const upper = '0.4';
  await expect(dialog.getByText('Your unsaved settings')).toBeVisible();
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(dialog.getByRole('table', { name: /Dry-run diff/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Pin for comparison' }).click();

  // The commit fails.
  await injectFaults(request, [{ method: 'POST', path: '^/sessions/[^/]+/compact$', fault: 'status:500', times: 1 }]);
  await commitOnce(page, dialog);
  await expect(dialog.getByRole('alert').filter({ hasText: 'Commit failed.' })).toBeVisible();

  const expectKept = async (d: Locator) => {
    await expect(d.getByText('Your unsaved settings')).toBeVisible();
    await expect(d.getByRole('radio', { name: 'drop' })).toHaveAttribute('data-state', 'on');
    await expect(d.getByRole('switch', { name: 'Summarize' })).toHaveAttribute('aria-checked', 'false');
    await expect(d.getByRole('slider', { name: 'Upper threshold' })).toHaveAttribute('aria-valuenow', upper);
    await expect(d.getByRole('tab', { name: /Compare proposals/ })).toContainText('(1 pinned)');
  };

  // Closed and opened again: the same settings, marked as the operator's.
  await dialog.getByRole('button', { name: 'Close' }).click();
  dialog = await openCompact(page);
  await expectKept(dialog);

  // After a reload too, with the pinned proposal, which can still be committed (its own key).
  await page.reload();
  dialog = await openCompact(page);
  await expectKept(dialog);
  await dialog.getByRole('tab', { name: /Compare proposals/ }).click();
  await dialog.getByRole('button', { name: 'Commit this…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Commit compaction' }).click();
  await expect(dialog.locator('[data-outcome="completed"]')).toBeVisible();
  await expect.poll(() => eventCount(request, REAL)).toBe(before + 1);

  // Committed: nothing is kept any more; the modal opens on the agent's defaults.
  await expect(dialog.getByText('Your unsaved settings')).toHaveCount(0);
  await page.reload();
  dialog = await openCompact(page);
  await expect(dialog.getByRole('radio', { name: 'summarize' })).toHaveAttribute('data-state', 'on');
  await expect(dialog.getByRole('slider', { name: 'Upper threshold' })).toHaveAttribute('aria-valuenow', defaultUpper!);
  await expect(dialog.getByText('Your unsaved settings')).toHaveCount(0);
});

test("the compact modal's kept settings go back to the agent's defaults on request", async ({ page, request }) => {
  test.setTimeout(90_000);
  await resetDaemon(request);
  await page.goto(`/sessions/${REAL}`);
  let dialog = await openCompact(page);
  const defaultLower = await dialog.getByRole('slider', { name: 'Lower threshold' }).getAttribute('aria-valuenow');
  await setThreshold(dialog, 'Lower threshold', 0.5);
  await page.reload();
  dialog = await openCompact(page);
  await expect(dialog.getByText('Your unsaved settings')).toBeVisible();
  await dialog.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(dialog.getByRole('slider', { name: 'Lower threshold' })).toHaveAttribute('aria-valuenow', defaultLower!);
  await expect(dialog.getByText('Your unsaved settings')).toHaveCount(0);
  await page.reload();
  dialog = await openCompact(page);
  await expect(dialog.getByRole('slider', { name: 'Lower threshold' })).toHaveAttribute('aria-valuenow', defaultLower!);
});

test('Settings keeps typed, unsaved input across navigation and a reload, marked unsaved, until discarded', async ({ page, request }) => {
  await resetDaemon(request);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Connection' });
  await form.getByLabel('Operator id').fill('dana');
  await form.getByLabel('Bearer token').fill('typed-token');
  await expect(form.getByText('Unsaved changes')).toBeVisible();

  // Away to another screen (the app keeps working with the saved settings) and back.
  await page.getByRole('link', { name: 'Sessions' }).click();
  await expect(page.getByRole('table', { name: 'Sessions' }).locator('tbody tr').first()).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(form.getByLabel('Operator id')).toHaveValue('dana');
  await expect(form.getByLabel('Bearer token')).toHaveValue('typed-token');
  await expect(form.getByText('Unsaved changes, kept from before')).toBeVisible();

  // A reload keeps it too; the token only in this tab's session storage.
  await page.reload();
  await expect(form.getByLabel('Operator id')).toHaveValue('dana');
  await expect(form.getByLabel('Bearer token')).toHaveValue('typed-token');
  const local = await page.evaluate(() => JSON.stringify(window.localStorage));
  expect(local).toContain('dana');
  expect(local).not.toContain('typed-token');

  // Discarded: the saved values, nothing kept.
  await form.getByRole('button', { name: 'Discard changes' }).click();
  await expect(form.getByLabel('Operator id')).toHaveValue('operator');
  await expect(form.getByText('Unsaved changes')).toHaveCount(0);
  await page.reload();
  await expect(form.getByLabel('Operator id')).toHaveValue('operator');
});

test('Settings: saving clears the kept input', async ({ page, request }) => {
  await resetDaemon(request);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Connection' });
  await form.getByLabel('Operator id').fill('erin');
  await page.getByRole('link', { name: 'Sessions' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(form.getByLabel('Operator id')).toHaveValue('erin');
  await form.getByRole('button', { name: 'Save and test' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(form.getByText('Unsaved changes')).toHaveCount(0);
  await page.reload();
  await expect(form.getByLabel('Operator id')).toHaveValue('erin');
  await expect(form.getByText('Unsaved changes')).toHaveCount(0);
});

/** Sets a knob's percent field on the knobs screen (the edit is kept when the field is left). */
async function editThreshold(page: Page, label: string, percent: string): Promise<void> {
  const field = page.getByRole('spinbutton', { name: label, exact: true });
  await field.fill(percent);
  await field.press('Tab');
}

test('two tabs editing knobs of other sessions and agents keep each other’s edits across a reload', async ({ context, request }) => {
  test.setTimeout(90_000);
  await resetDaemon(request);
  const knobsOf = (session: string, agent: string) => `/sessions/${session}/knobs?agent=${encodeURIComponent(agent)}`;
  const upper = (page: Page) => page.getByRole('spinbutton', { name: 'Upper threshold', exact: true });
  // Both tabs open before either edits: each loaded the stored edits when there were none.
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await tabA.goto(knobsOf('ses_gen_refactor', 'primary'));
  await tabB.goto(knobsOf('ses_gen_memory', 'primary'));
  await expect(upper(tabA)).toBeVisible();
  await expect(upper(tabB)).toBeVisible();

  await editThreshold(tabA, 'Upper threshold', '55');
  await expect(tabA.getByText('unsaved').first()).toBeVisible();
  // Tab B: another session, then another agent of tab A's session.
  await editThreshold(tabB, 'Upper threshold', '65');
  await expect(tabB.getByText('unsaved').first()).toBeVisible();
  await tabB.goto(knobsOf('ses_gen_refactor', 'primary/explore'));
  await editThreshold(tabB, 'Upper threshold', '75');
  await expect(upper(tabB)).toHaveValue('75');

  await tabA.reload();
  await expect(upper(tabA)).toHaveValue('55');
  await tabA.goto(knobsOf('ses_gen_refactor', 'primary/explore'));
  await expect(upper(tabA)).toHaveValue('75');
  await tabA.goto(knobsOf('ses_gen_memory', 'primary'));
  await expect(upper(tabA)).toHaveValue('65');
  // Tab B hears tab A's session edit too: the same agent edited in two tabs is one draft, seen in both.
  await tabB.goto(knobsOf('ses_gen_refactor', 'primary'));
  await expect(upper(tabB)).toHaveValue('55');
});

test('two tabs typing notes for the same event: after one saves, the other’s text survives its reload, and its save shows both', async ({ context, request }) => {
  test.setTimeout(90_000);
  await resetDaemon(request);
  const session = 'ses_gen_memory';
  const target = (await listCompactions(request, session)).items[0]!;
  const url = `/sessions/${session}/compactions/${target.id}`;
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await tabA.goto(url);
  await tabB.goto(url);
  await expect(notesField(tabA)).toBeEditable();
  await expect(notesField(tabB)).toBeEditable();

  await notesField(tabA).fill('A: kept the tool results');
  await notesField(tabB).fill('B: lost the plan, flag it');
  await tabA.getByRole('button', { name: 'Save notes' }).click();
  await expect(tabA.getByText('Saved', { exact: true })).toBeVisible();

  await tabB.reload();
  await expect(notesField(tabB)).toHaveValue('B: lost the plan, flag it');
  await expect(tabB.getByText(/the saved notes changed since you started/)).toBeVisible();
  await tabB.getByRole('button', { name: 'Save notes' }).click();
  const dialog = tabB.getByRole('dialog', { name: 'This event changed while you were editing it' });
  await expect(dialog.getByRole('region', { name: 'Yours (not saved)' })).toContainText('B: lost the plan, flag it');
  await expect(dialog.getByRole('region', { name: 'Current (saved)' })).toContainText('A: kept the tool results');
  // Tab A's own reload shows what it saved, not tab B's draft (tab B is open: the draft is its own).
  await tabA.reload();
  await expect(notesField(tabA)).toHaveValue('A: kept the tool results');
  // Tab B closed with its draft unsaved: the next tab to open the event takes it over.
  await tabB.close();
  // (Once the browser has let go of tab B: tabs hold a lock while open, released shortly after closing.)
  await expect.poll(() => tabA.evaluate(async () => (await navigator.locks.query()).held?.length)).toBe(1);
  const tabC = await context.newPage();
  await tabC.goto(url);
  await expect(notesField(tabC)).toHaveValue('B: lost the plan, flag it');
});

test('the threshold lab keeps settings typed and not run across a reload and a visit elsewhere, until reset', async ({ page, request }) => {
  test.setTimeout(90_000);
  await resetDaemon(request);
  await page.goto(`/sessions/${REAL}/lab`);
  const form = page.getByRole('form', { name: 'Settings to replay' });
  const second = form.getByRole('group', { name: /Setting 2/ });
  await expect(second.getByLabel('Upper threshold')).toHaveValue('70');
  await expect(form.getByRole('button', { name: 'Reset to defaults' })).toHaveCount(0);
  await second.getByLabel('Upper threshold').fill('62');
  await second.getByLabel('Lower threshold').fill('41');
  await form.getByLabel('Also apply the compactions the transcript recorded').check();
  await form.getByRole('button', { name: '+ Add a setting' }).click();
  await form.getByRole('group', { name: /Setting 3/ }).getByLabel('Upper threshold').fill('90');

  const expectKept = async () => {
    await expect(second.getByLabel('Upper threshold')).toHaveValue('62');
    await expect(second.getByLabel('Lower threshold')).toHaveValue('41');
    await expect(form.getByRole('group', { name: /Setting 3/ }).getByLabel('Upper threshold')).toHaveValue('90');
    await expect(form.getByLabel('Also apply the compactions the transcript recorded')).toBeChecked();
  };
  await page.reload();
  await expectKept();

  // Away (the session page) and back by its "Threshold lab" button.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sessions' }).click();
  await expect(page.getByRole('table', { name: 'Sessions' })).toBeVisible();
  await page.goto(`/sessions/${REAL}`);
  await page.getByRole('link', { name: 'Threshold lab' }).click();
  await expectKept();

  // Reset: the starter pair again, and a reload keeps that.
  await form.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(second.getByLabel('Upper threshold')).toHaveValue('70');
  await expect(form.getByRole('group', { name: /Setting 3/ })).toHaveCount(0);
  await expect(form.getByLabel('Also apply the compactions the transcript recorded')).not.toBeChecked();
  await page.reload();
  await expect(second.getByLabel('Upper threshold')).toHaveValue('70');
});
