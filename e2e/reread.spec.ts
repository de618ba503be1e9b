import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { resetDaemon, apiGet } from './support/daemon';
import { ledgerGrid, ledgerRow, ledgerRows, listCompactions } from './support/compactions';

/**
 * Re-read after compaction, measured on a transcript (src/domain/transcripts/reread.ts): the
 * event page lists the calls (each opening to its message), the ledger has a column, the health
 * breakdown and the lab's comparison carry it; where there is no transcript, "not measured".
 */
const expect = baseExpect.configure({ timeout: 15_000 });

/** Imported from a real Claude Code transcript: one recorded compaction, re-reads after it. */
const REAL = 'ses_4d5611e5-241';
/** Generated: no transcript to measure anything from. */
const DEMO = 'ses_gen_memory';

interface Reread {
  raw: { calls: number; tokens: number };
  adjusted: { calls: number; tokens: number; files: number };
  calls: { tool: string; key: string; file: string | null; message_id: string | null }[];
}

async function shoot(page: Page, name: string, target?: Locator): Promise<void> {
  if (!process.env.SHOTS) return;
  await target?.scrollIntoViewIfNeeded();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/follow-shots/${name}-${page.viewportSize()?.width}-${scheme}.png`, fullPage: !target });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The column fits from about 1600 px; narrower, the chooser brings it back (others then give way). */
async function showRereadColumn(page: Page): Promise<void> {
  // Once the ledger has rows, its width is measured and the columns that do not fit are hidden.
  await expect(ledgerRows(page).first()).toBeVisible();
  await page.getByRole('button', { name: /^Columns/ }).click();
  const item = page.getByRole('menuitemcheckbox', { name: 'Re-read after compaction' });
  if ((await item.getAttribute('aria-checked')) !== 'true') await item.click();
  await page.keyboard.press('Escape');
  await expect(ledgerGrid(page).getByRole('columnheader', { name: 'Re-read' })).toBeVisible();
}

/** 1674 → "1.7k", as the screens write tokens. */
function formatK(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1).replace(/\.0$/, '')}k` : String(n);
}

const panel = (page: Page) => page.getByRole('region', { name: 'Re-read after compaction' });

for (const width of [1440, 1024]) {
  test(`${width} px: an imported event lists its re-reads, each opening to its message; the ledger column agrees`, async ({ page, request }) => {
    await resetDaemon(request);
    await page.setViewportSize({ width, height: 900 });
    const record = (await listCompactions(request, REAL)).items[0]!;
    const { reread_after: reread } = await apiGet<{ reread_after: Reread | null }>(request, `/sessions/${REAL}/compactions/${record.id}`);
    expect(reread).not.toBeNull();
    expect(reread!.raw.calls).toBeGreaterThan(0);

    await page.goto(`/sessions/${REAL}/compactions/${record.id}`);
    await expect(panel(page)).toContainText(`${reread!.adjusted.files} files`);
    await expect(panel(page)).toContainText(`raw ${reread!.raw.calls} calls`);
    await expect(panel(page)).toContainText('of which not in the summary');
    await expect(panel(page)).not.toContainText(/loss|lost/i);
    const calls = panel(page).getByRole('list', { name: 'Re-read calls' }).getByRole('listitem');
    await expect(calls).toHaveCount(reread!.calls.length);
    const first = reread!.calls[0]!;
    await expect(calls.first()).toContainText(first.file ?? first.key);
    await calls.first().getByRole('button', { name: 'Message' }).click();
    // The call's own message in the agent's history: its number and the arguments it was sent with.
    await expect(calls.first()).toContainText(/Message #\d+ of primary/);
    await expect(calls.first().locator('pre').first()).toContainText(first.file ?? first.key);
    await shoot(page, 'event-reread', calls.first());

    await page.goto(`/sessions/${REAL}`);
    await showRereadColumn(page);
    await expect(ledgerRow(page, record.id).getByRole('gridcell', { name: `${formatK(reread!.adjusted.tokens)} tok` })).toBeVisible();
    await shoot(page, 'ledger-reread', ledgerGrid(page));
  });
}

test('a generated event says not measured, never 0, on the event page and in the ledger', async ({ page, request }) => {
  await resetDaemon(request);
  const record = (await listCompactions(request, DEMO)).items[0]!;
  await page.goto(`/sessions/${DEMO}/compactions/${record.id}`);
  await expect(panel(page)).toContainText('Not measured');
  await expect(panel(page)).not.toContainText(/\b0 tokens\b/);
  await page.goto(`/sessions/${DEMO}`);
  await showRereadColumn(page);
  await expect(ledgerRow(page, record.id).getByRole('gridcell', { name: 'not measured' })).toBeVisible();
});

test('the health breakdown and the lab carry it: measured where a transcript is, not measured elsewhere', async ({ page, request }) => {
  await resetDaemon(request);
  await page.goto('/health?project=spotter&range=all&dim=strategy');
  const table = page.getByRole('table', { name: /Events by strategy/ });
  await expect(table.getByRole('columnheader', { name: 'Re-read after' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: /tok · \d+ of \d+/ }).first()).toBeVisible();
  await shoot(page, 'health-reread', table);

  await page.goto(`/sessions/${REAL}/lab`);
  await page.getByRole('form', { name: 'Settings to replay' }).getByRole('button', { name: 'Run replay' }).click();
  const row = page.getByRole('row', { name: /Re-read after compaction/ });
  await expect(row).toBeVisible();
  const cells = row.getByRole('cell');
  // The replayed setting cannot know what the agent would have read; what really happened was measured.
  await expect(cells.first()).toHaveText('not measured');
  await expect(cells.last()).toContainText(/files?, .* tokens after 1 compaction$/);
  await shoot(page, 'lab-reread', row);
});
