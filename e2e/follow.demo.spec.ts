import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ledgerRows } from './support/compactions';
import { headerCost, sessionHeader } from './support/followed';
import { sessionRows } from './support/ui';

/**
 * Following a folder in demo mode (`npm start`, the simulator in the browser): the Import dialog's
 * "Follow a folder…" hands the in-browser simulator a directory the page re-reads. Playwright
 * cannot drive the browser's folder picker, so the picker here answers with a REAL directory of
 * the origin-private file system, into which the test writes a fixture transcript in steps.
 */
const CLAUDE = 'ae4a77f8-aedd-4bc1-888f-c94edc91af04';
const lines = readFileSync(`mocks/fixtures/transcripts/claude-code/${CLAUDE}.jsonl`, 'utf8').split('\n').filter(Boolean);
const BOUNDARY = lines.findIndex((l) => l.includes('compact_boundary'));
const FOLDER = 'my-agents';
const NAME = `my-project/${CLAUDE}.jsonl`;

/** Writes (or appends to) a file of the followed folder, as an agent would. */
async function write(page: Page, text: string, mode: 'append' | 'replace'): Promise<void> {
  await page.evaluate(
    async ({ folder, name, text, append }) => {
      let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
      const parts = name.split('/');
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
      const file = await dir.getFileHandle(parts.at(-1) ?? name, { create: true });
      const writable = await file.createWritable({ keepExistingData: append });
      if (append) await writable.seek((await file.getFile()).size);
      await writable.write(text);
      await writable.close();
    },
    { folder: FOLDER, name: NAME, text, append: mode === 'append' },
  );
}

const upTo = (from: number, to: number) => `${lines.slice(from, to).join('\n')}\n`;

test.beforeEach(async ({ page }) => {
  await page.addInitScript((folder) => {
    Object.defineProperty(window, 'showDirectoryPicker', {
      configurable: true,
      value: async () => (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true }),
    });
  }, FOLDER);
});

test('a folder followed in the browser: rows and figures arrive without a reload, a rewrite is read again with a notice, a reload follows on', async ({ page }) => {
  test.setTimeout(300_000);
  // The dev server compiles each page on its first visit: slow on a busy machine.
  await page.goto('/sessions', { timeout: 120_000 });
  await write(page, upTo(0, 60), 'replace');
  await page.getByRole('button', { name: 'Import transcripts…' }).click({ timeout: 60_000 });
  const dialog = page.getByRole('dialog', { name: 'Import transcripts' });
  await dialog.getByRole('button', { name: 'Follow a folder…' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Following ${FOLDER}: its transcripts appear in the sessions list as they are read.`, { timeout: 30_000 });
  // What the page does (mocks/follow/handle-folder-source.ts at BROWSER_FOLLOW_PACE), said as it is.
  await expect(dialog).toContainText('While this page is open it looks every 0.75 s at a transcript that grew in the last 60 s, and at the rest of the folder in turn: in a folder of 2,000 transcripts, each within 7 s.');
  // Following has started: nothing is left to cancel.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  // (the footer's button, beside the header's ✕, also named Close)
  await dialog.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The session arrives in the open list without a reload, marked as followed.
  const row = sessionRows(page).filter({ hasText: 'followed' });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.getByRole('link').first().click();
  await expect(sessionHeader(page)).toContainText(`from ${FOLDER}/${NAME}`, { timeout: 60_000 });
  // Where a narrow screen cuts the path short, the whole of it is the source's title (a tooltip), as text.
  await expect(sessionHeader(page).getByTitle(`${FOLDER}/${NAME}`, { exact: true })).toHaveText(`from ${FOLDER}/${NAME}`);
  await expect(sessionHeader(page)).toContainText('last line');
  await expect(ledgerRows(page)).toHaveCount(0);
  const costBefore = await headerCost(page).textContent();

  // Lines appended, the last one half-written and finished by the next write.
  const half = lines[BOUNDARY - 10] ?? '';
  await write(page, `${upTo(60, BOUNDARY - 10)}${half.slice(0, 40)}`, 'append');
  await expect(headerCost(page)).not.toHaveText(costBefore ?? '', { timeout: 15_000 });
  await expect(sessionHeader(page).getByText('running', { exact: true })).toBeVisible();
  await write(page, `${half.slice(40)}\n${upTo(BOUNDARY - 9, BOUNDARY + 40)}`, 'append');
  // The recorded compaction arrives as a ledger row: what the transcript recorded, not simulated.
  await expect(ledgerRows(page)).toHaveCount(1, { timeout: 15_000 });
  const recordId = (await ledgerRows(page).first().getAttribute('data-compaction-id')) ?? '';
  const sessionId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const record = await page.evaluate(async (path) => (await (await fetch(path)).json()) as { provenance: { origin: string }; messages_before?: number }, `/api/v1/sessions/${sessionId}/compactions/${recordId}`);
  expect(record.provenance.origin).toBe('recorded');

  // Rewritten shorter (an agent rewriting its transcript): read again whole, with a notice; the compaction went with its lines.
  await write(page, upTo(0, 80), 'replace');
  await expect(sessionHeader(page).getByRole('status').filter({ hasText: 'was rewritten; read again whole' })).toBeVisible({ timeout: 15_000 });
  await expect(ledgerRows(page)).toHaveCount(0);

  // A reload: the folder is followed on (its handle kept, the permission still granted), with no second copy.
  await page.reload();
  await expect(sessionHeader(page)).toContainText(`from ${FOLDER}/${NAME}`, { timeout: 60_000 });
  await write(page, upTo(0, lines.length), 'replace');
  await expect(ledgerRows(page)).toHaveCount(1, { timeout: 20_000 });
  const followed = await page.evaluate(async () => ((await (await fetch('/api/v1/sessions?limit=200')).json()) as { items: { followed?: unknown }[] }).items.filter((s) => s.followed).length);
  expect(followed).toBe(1);
});

test('where the browser cannot hand a folder to the page, following is said plainly to need the simulator', async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => {
    // As in Firefox and Safari: no directory picker (Chromium's sits on Window.prototype).
    for (const owner of [window, Window.prototype]) delete (owner as { showDirectoryPicker?: unknown }).showDirectoryPicker;
  });
  await page.goto('/sessions', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Import transcripts…' }).click({ timeout: 60_000 });
  const dialog = page.getByRole('dialog', { name: 'Import transcripts' });
  await expect(dialog).toContainText('To follow running Claude Code, Codex or Gemini CLI sessions live, run the simulator on your machine: npm run mock:api -- --follow <folder>');
  await expect(dialog.getByRole('button', { name: 'Follow a folder…' })).toHaveCount(0);
});
