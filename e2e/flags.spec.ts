import { expect as baseExpect, test } from '@playwright/test';
import { advanceSession, apiGet, clearFaults, dropSockets, injectFaults, resetDaemon } from './support/daemon';
import { flagButton, flagViaApi, getCompaction, ledgerRow, listCompactions, notesField } from './support/compactions';
import { sendEachTwice } from './support/resend';
import { connectionIndicator } from './support/ui';

/** The page makes a burst of requests on load; on a busy machine the first answers can take a while. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** The session imported from a real Claude Code transcript. */
const REAL = 'ses_4d5611e5-241';

interface AuditLite {
  items: Array<{ type: string; actor: string; data: { flag?: string | null; notes_length?: number } }>;
}

test('an operator watches a compaction arrive, flags it from the keyboard, and writes a note that survives a reload', async ({ page, request }) => {
  await resetDaemon(request);
  const before = await listCompactions(request, REAL);
  await page.goto(`/sessions/${REAL}`);
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'live');
  await advanceSession(request, REAL);
  const fresh = (await listCompactions(request, REAL)).items.find((r) => !before.items.some((b) => b.id === r.id))!;
  const row = ledgerRow(page, fresh.id);
  await expect(row).toBeVisible({ timeout: 1500 });

  // The new event is first: j puts the cursor on it, b flags it bad at once.
  await page.keyboard.press('j');
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('b');
  await expect(flagButton(row, 'Bad')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await getCompaction(request, REAL, fresh.id)).operator_flag).toBe('bad');
  // The flag's own live frame does not undo or repeat it.
  await page.waitForTimeout(500);
  await expect(flagButton(row, 'Bad')).toHaveAttribute('aria-pressed', 'true');

  // Enter opens it; a note typed but not saved survives a reload as a draft.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/sessions/${REAL}/compactions/${fresh.id}$`));
  await expect(flagButton(page.getByRole('group', { name: `Flag ${fresh.id}` }), 'Bad')).toHaveAttribute('aria-pressed', 'true');
  await notesField(page).fill('The summary kept the goal but dropped the failing test name.');
  await expect(page.getByText('Unsaved draft, kept in this browser until it is saved')).toBeVisible();
  await page.reload();
  await expect(notesField(page)).toHaveValue('The summary kept the goal but dropped the failing test name.');
  await expect(page.getByText('Unsaved draft, kept in this browser until it is saved')).toBeVisible();

  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const saved = await getCompaction(request, REAL, fresh.id);
  expect(saved).toMatchObject({ operator_flag: 'bad', operator_notes: 'The summary kept the goal but dropped the failing test name.' });
  await page.reload();
  await expect(notesField(page)).toHaveValue('The summary kept the goal but dropped the failing test name.');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  // Every save is audited as compaction.flagged, and the detail lists it.
  const audit = await apiGet<AuditLite>(request, `/audit?compaction_id=${fresh.id}`);
  const flagged = audit.items.filter((e) => e.type === 'compaction.flagged');
  expect(flagged).toHaveLength(2);
  expect(flagged[1]!.data).toMatchObject({ flag: 'bad', notes_length: saved.operator_notes!.length });
  await expect(page.getByRole('region', { name: 'Audit events' }).getByText('compaction.flagged')).toHaveCount(2);
});

test('a failed save rolls back with a message naming what failed; a note stays a draft until it is saved', async ({ page, request }) => {
  // The timed-out note save waits for the client's limit, then the record is read again (outcome unknown).
  test.setTimeout(120_000);
  await resetDaemon(request);
  const session = 'ses_gen_memory';
  const target = (await listCompactions(request, session, 'flag=unflagged')).items[0]!;
  await page.goto(`/sessions/${session}`);
  const row = ledgerRow(page, target.id);
  await expect(row).toBeVisible();

  await injectFaults(request, [{ method: 'PATCH', path: '^/sessions/[^/]+/compactions/[^/]+$', fault: 'status:500' }]);
  await flagButton(row, 'Good').click();
  const alert = page.getByRole('alert').filter({ hasText: `Could not save the flag (good) of ${target.id}` });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('PATCH /sessions/{session_id}/compactions/{compaction_id} answered 500');
  await expect(flagButton(row, 'Good')).toHaveAttribute('aria-pressed', 'false');
  expect((await getCompaction(request, session, target.id)).operator_flag).toBeNull();

  // The network fails while saving a note: the note is kept, as a draft, through a reload.
  await page.goto(`/sessions/${session}/compactions/${target.id}`);
  await injectFaults(request, [{ method: 'PATCH', path: '^/sessions/[^/]+/compactions/[^/]+$', fault: 'timeout' }]);
  await notesField(page).fill('retry me');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Could not save the notes of ${target.id}` })).toContainText('Your note is kept as an unsaved draft', { timeout: 60_000 });
  await expect(notesField(page)).toHaveValue('retry me');
  await expect(page.getByText('Unsaved draft, kept in this browser until it is saved')).toBeVisible();
  await page.reload();
  await expect(notesField(page)).toHaveValue('retry me');

  await clearFaults(request);
  await notesField(page).press('Control+Enter');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect((await getCompaction(request, session, target.id)).operator_notes).toBe('retry me');
});

test('two tabs edit the same event: the stale save gets 409 and the operator sees both versions', async ({ context, request }) => {
  await resetDaemon(request);
  const session = 'ses_gen_memory';
  // An unflagged event: the 'g' pressed below must be a change from what this tab last saw.
  const target = (await listCompactions(request, session)).items.find((r) => r.operator_flag === null)!;
  const url = `/sessions/${session}/compactions/${target.id}`;
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await tabA.goto(url);
  await tabB.goto(url);
  await expect(connectionIndicator(tabA)).toHaveAttribute('data-status', 'live');

  // A starts typing; B saves first.
  await notesField(tabA).fill('A: the summary is too long');
  await notesField(tabB).fill('B: looks fine to me');
  await tabB.getByRole('button', { name: 'Save notes' }).click();
  await expect(tabB.getByText('Saved', { exact: true })).toBeVisible();

  // A hears about it (live) and says so; A's save is refused, nothing is overwritten.
  await expect(tabA.getByText(/the saved notes changed since you started/)).toBeVisible();
  await tabA.getByRole('button', { name: 'Save notes' }).click();
  const dialog = tabA.getByRole('dialog', { name: 'This event changed while you were editing it' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Yours (not saved)' })).toContainText('A: the summary is too long');
  await expect(dialog.getByRole('region', { name: 'Current (saved)' })).toContainText('B: looks fine to me');
  expect((await getCompaction(request, session, target.id)).operator_notes).toBe('B: looks fine to me');

  // A keeps theirs: saved over the current version, on purpose.
  await dialog.getByRole('button', { name: 'Keep mine (save over it)' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await getCompaction(request, session, target.id)).operator_notes).toBe('A: the summary is too long');
  await expect(notesField(tabB)).toHaveValue('A: the summary is too long');

  // Another operator flags it while this tab cannot hear the stream: this tab's stale flag save
  // conflicts too, and here the operator takes the current version.
  await tabB.close();
  await dropSockets(request, 6000);
  await flagViaApi(request, target, { flag: 'neutral' });
  await tabA.keyboard.press('g');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Yours (not saved)' })).toContainText('good');
  await expect(dialog.getByRole('region', { name: 'Current (saved)' })).toContainText('neutral');
  await expect(dialog.getByRole('region', { name: 'Current (saved)' })).toContainText('other-operator');
  await dialog.getByRole('button', { name: 'Use the current version' }).click();
  await expect(dialog).toBeHidden();
  const group = tabA.getByRole('group', { name: `Flag ${target.id}` });
  await expect(flagButton(group, 'Neutral')).toHaveAttribute('aria-pressed', 'true');
  await expect(flagButton(group, 'Good')).toHaveAttribute('aria-pressed', 'false');
  expect((await getCompaction(request, session, target.id)).operator_flag).toBe('neutral');
});

test('a save the network sent twice is saved, with no dialog: the resend is refused with 409 holding this very edit', async ({ page, request }) => {
  await resetDaemon(request);
  const session = 'ses_gen_memory';
  const target = (await listCompactions(request, session)).items.find((r) => r.operator_flag === null)!;
  await page.goto(`/sessions/${session}/compactions/${target.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(target.id);
  // The daemon applies the first and refuses the second as stale, its current state holding what was asked.
  const resends = await sendEachTwice(page, new RegExp(`/api/v1/sessions/${session}/compactions/${target.id}$`), 'PATCH');

  await notesField(page).fill('sent twice by the network');
  await notesField(page).press('Control+Enter');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await notesField(page).blur();
  await page.keyboard.press('b');
  const group = page.getByRole('group', { name: `Flag ${target.id}` });
  await expect(flagButton(group, 'Bad')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => resends).toEqual([409, 409]);

  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const saved = await getCompaction(request, session, target.id);
  expect([saved.operator_notes, saved.operator_flag, saved.version]).toEqual(['sent twice by the network', 'bad', target.version + 2]);
  // The next edit goes from the version the daemon holds, not refused as stale.
  await page.unroute(new RegExp(`/api/v1/sessions/${session}/compactions/${target.id}$`));
  await page.keyboard.press('g');
  await expect.poll(async () => (await getCompaction(request, session, target.id)).operator_flag).toBe('good');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
