import { expect, test } from '@playwright/test';
import { apiGet, injectFaults, resetDaemon } from './support/daemon';
import { ledgerGrid, ledgerRow, notesField, type PageLite, type RecordLite } from './support/compactions';

/**
 * A plugin author works through the cross-session ledger: the event page keeps the list they came
 * from (its position, previous and next across sessions, and the way back to it).
 */
const VIEW = 'flag=bad&plugin=hindsight';

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

async function crossView(request: Parameters<typeof apiGet>[0]): Promise<PageLite> {
  return apiGet<PageLite>(request, `/compactions?${VIEW}&limit=1000`);
}

/** The first index whose next record belongs to another session. */
function sessionBoundary(view: PageLite): number {
  const at = view.items.findIndex((record, i) => i > 0 && view.items[i + 1] !== undefined && view.items[i + 1]!.session_id !== record.session_id);
  expect(at, 'the view spans sessions').toBeGreaterThan(0);
  return at;
}

test('an event opened from the cross-session ledger keeps that list: position, next across sessions, and back', async ({ page, request }) => {
  const view = await crossView(request);
  const at = sessionBoundary(view);
  const opened = view.items[at]!;
  const next = view.items[at + 1]!;

  await page.goto(`/compactions?${VIEW}`);
  await ledgerRow(page, opened.id).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${opened.session_id}/compactions/${opened.id}\\?`));
  const nav = page.getByRole('navigation', { name: 'Events of this view' });
  await expect(nav).toContainText(`${at + 1} of ${view.total} in this filtered view`);

  // Next is the next event of the list, in another session.
  await nav.getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${next.session_id}/compactions/${next.id}\\?`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(next.id);
  await expect(nav).toContainText(`${at + 2} of ${view.total} in this filtered view`);
  // k goes back to the one before, in its own session.
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`/sessions/${opened.session_id}/compactions/${opened.id}\\?`));
  await expect(nav).toContainText(`${at + 1} of ${view.total} in this filtered view`);
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`/compactions/${next.id}\\?`));

  // The way back is the list the author came from, on the last event seen.
  await page.getByRole('link', { name: /Back to the ledger/ }).click();
  await expect(page).toHaveURL(new RegExp(`/compactions\\?${VIEW}#ledger$`));
  await expect(page.getByRole('heading', { name: 'Compactions across sessions' })).toBeVisible();
  await expect(ledgerRow(page, next.id)).toHaveAttribute('aria-selected', 'true');
});

test('a key pressed the moment an event page shows its place acts on that event (not lost while the page settles)', async ({ page, request }) => {
  const view = await crossView(request);
  const at = sessionBoundary(view);
  const next = view.items[at + 1]!;
  await page.goto(`/sessions/${next.session_id}/compactions/${next.id}?${VIEW}&across=1`);
  const nav = page.getByRole('navigation', { name: 'Events of this view' });
  await expect(nav).toContainText(`${at + 2} of ${view.total} in this filtered view`);

  // As soon as the page, gone back to the event before (another session), shows that event's place,
  // j is pressed: in the same task as the change on screen, before any later task (as a quick
  // operator's key can come before the page's deferred work).
  const shown = `${at + 1} of ${view.total}`;
  await page.evaluate((text) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('nav[aria-label="Events of this view"]')?.textContent?.includes(text)) return;
      observer.disconnect();
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true, cancelable: true }));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, shown);
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`/compactions/${next.id}\\?`));
  await expect(nav).toContainText(`${at + 2} of ${view.total} in this filtered view`);
});

test('back from an event far down the cross-session list, the ledger shows it where the author left', async ({ page, request }) => {
  const view = await crossView(request);
  const far = view.items[60]!;
  await page.goto(`/compactions?${VIEW}`);
  // Walk the cursor down to the 61st row and open it, as an author reading one by one would.
  await expect(ledgerGrid(page)).toBeVisible();
  await ledgerRow(page, view.items[0]!.id).waitFor();
  for (let i = 0; i <= 60; i += 1) await page.keyboard.press('j');
  await expect(ledgerRow(page, far.id)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Events of this view' })).toContainText(`61 of ${view.total} in this filtered view`);

  await page.goBack();
  await expect(ledgerRow(page, far.id)).toBeInViewport();
  await page.goForward();
  await page.getByRole('link', { name: /Back to the ledger/ }).click();
  await expect(ledgerRow(page, far.id)).toBeInViewport();
  await expect(ledgerRow(page, far.id)).toHaveAttribute('aria-selected', 'true');
});

test('an event opened from its session ledger still walks that session only', async ({ page, request }) => {
  const view = await crossView(request);
  const record = view.items[0]!;
  const own = await apiGet<PageLite>(request, `/sessions/${record.session_id}/compactions?${VIEW}&limit=1000`);
  await page.goto(`/sessions/${record.session_id}?${VIEW}`);
  await ledgerRow(page, record.id).getByRole('link').first().click();
  await expect(page.getByRole('navigation', { name: 'Events of this view' })).toContainText(`1 of ${own.total} in this filtered view`);
  await page.getByRole('link', { name: /Back to the ledger/ }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${record.session_id}\\?${VIEW}#ledger$`));
});

test('the next event shows at once as itself, never as the event just left; notes typed while it is read are its own', async ({ page, request }) => {
  const SESSION = 'ses_gen_refactor';
  const [left, next] = (await apiGet<{ items: (RecordLite & { run_id: string })[] }>(request, `/sessions/${SESSION}/compactions?limit=2`)).items as [RecordLite & { run_id: string }, RecordLite & { run_id: string }];
  // Opened from the ledger, whose copies of the records stand in while an event is read.
  await page.goto(`/sessions/${SESSION}`);
  await ledgerRow(page, left.id).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(left.id);
  // A saved note makes the event just left newer (its version) than the ledger's copy of the next.
  await notesField(page).fill('kept on the first');
  await Promise.all([page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(left.id)), notesField(page).press('Control+Enter')]);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await notesField(page).blur();
  // The next event is read slowly (20 s, longer than any check below waits): meanwhile the
  // ledger's copy of it stands in, and nothing else.
  await injectFaults(request, [{ method: 'GET', path: `/compactions/${next.id}$`, fault: 'latency:20000' }]);
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(next.id);
  await expect(page.getByText(next.run_id, { exact: true })).toBeVisible();
  await expect(page.getByText(left.run_id, { exact: true })).toHaveCount(0);
  await notesField(page).fill('typed on the second');
  await Promise.all([page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(next.id)), notesField(page).press('Control+Enter')]);
  const saved = new Map((await apiGet<{ items: RecordLite[] }>(request, `/sessions/${SESSION}/compactions?limit=2`)).items.map((r) => [r.id, r.operator_notes]));
  expect(saved.get(left.id)).toBe('kept on the first');
  expect(saved.get(next.id)).toBe('typed on the second');
});
