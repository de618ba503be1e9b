import { expect as baseExpect, test, type Page } from '@playwright/test';
import { resetDaemon } from './support/daemon';
import { ledgerGrid, ledgerRows, listCompactions } from './support/compactions';

/** The page makes a burst of requests on load; on a busy machine the first answers can take a while. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** The session imported from a real Claude Code transcript: one recorded compaction. */
const REAL = 'ses_4d5611e5-241';
/** A generated demo session: every event in it is the simulator's. */
const DEMO = 'ses_gen_memory';

async function shoot(page: Page, name: string): Promise<void> {
  if (!process.env.SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/truth-shots/${name}-${page.viewportSize()?.width}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const width of [1440, 1024]) {
  test(`${width} px: the ledger says which events happened and which the simulator computed, and filters by it`, async ({ page, request }) => {
    await resetDaemon(request);
    await page.setViewportSize({ width, height: 900 });
    const recorded = (await listCompactions(request, REAL)).items;
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.every((r) => r.provenance.origin === 'recorded')).toBe(true);

    await page.goto(`/sessions/${REAL}`);
    await expect(ledgerRows(page)).toHaveCount(recorded.length);
    if (width === 1440) await expect(ledgerGrid(page).getByRole('gridcell', { name: 'recorded', exact: true })).toHaveCount(recorded.length);
    await shoot(page, 'ledger-imported');
    await page.getByRole('button', { name: /^Source: any/ }).click();
    await page.getByRole('menuitemradio', { name: /simulated/ }).click();
    await expect(page).toHaveURL(/origin=simulated/);
    await expect(ledgerRows(page)).toHaveCount(0);

    await page.goto(`/sessions/${DEMO}?origin=recorded`);
    await expect(page.getByRole('button', { name: /^Source: recorded/ })).toBeVisible();
    await expect(ledgerRows(page)).toHaveCount(0);
    await page.goto(`/sessions/${DEMO}?origin=simulated`);
    await expect(ledgerRows(page).first()).toBeVisible();
  });

  test(`${width} px: the event page says where each figure comes from, in named parts`, async ({ page, request }) => {
    await resetDaemon(request);
    await page.setViewportSize({ width, height: 900 });
    const record = (await listCompactions(request, REAL)).items[0]!;
    await page.goto(`/sessions/${REAL}/compactions/${record.id}`);
    const field = (label: string) => page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(field('Source')).toHaveText('recorded');
    await expect(field('Tokens')).toContainText(`${record.threshold_estimate.toLocaleString('en-US')} · ${record.provenance.tokens_before}`);
    await expect(field('Before')).toContainText(/messages \+ .* system prompt and tools = /);
    await expect(field('Cost')).toContainText(`· ${record.provenance.cost}`);
    await shoot(page, 'event-imported');
  });
}

test('the health view counts only recorded events when asked, and its ledger links keep the filter', async ({ page, request }) => {
  await resetDaemon(request);
  await page.goto('/health?range=all');
  await page.getByRole('combobox', { name: 'Events' }).click();
  await page.getByRole('option', { name: 'Only recorded' }).click();
  await expect(page).toHaveURL(/origin=recorded/);
  await shoot(page, 'health-recorded');
});
