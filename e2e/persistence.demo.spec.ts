import { expect, test, type Page } from '@playwright/test';
import { flagButton, ledgerRow, ledgerRows } from './support/compactions';

/**
 * Demo mode keeps the simulated daemon's data in this browser's IndexedDB: a flag set before a
 * reload is there after it, and ?mock-reset returns to the seed.
 */
const SESSION = 'ses_gen_memory';

/** The flag of a record as the simulator saved it in IndexedDB (not as the page shows it). */
function savedFlag(page: Page, id: string): Promise<string | null | undefined> {
  return page.evaluate(
    ([session, record]) =>
      new Promise<string | null | undefined>((resolve, reject) => {
        const open = indexedDB.open('kaged-simulator');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get(`e:sessions:${session}`);
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            const saved = typeof get.result === 'string' ? (JSON.parse(get.result) as { compactions: { id: string; operator_flag: string | null }[] }) : null;
            resolve(saved?.compactions.find((r) => r.id === record)?.operator_flag);
          };
        };
      }),
    [SESSION, id] as const,
  );
}

test('a flag set in demo mode survives a reload; ?mock-reset returns to the seed', async ({ page }) => {
  // Three starts of the in-browser simulator (seed, restore, seed again).
  test.setTimeout(180_000);
  await page.goto(`/sessions/${SESSION}`);
  const first = ledgerRows(page).first();
  // Demo mode serves unbundled modules: the first load is slow on a busy machine.
  await expect(first).toBeVisible({ timeout: 60_000 });
  const id = (await first.getAttribute('data-compaction-id')) as string;
  const FLAGS = ['Good', 'Bad', 'Neutral'] as const;
  const seeded = await Promise.all(FLAGS.map((f) => flagButton(ledgerRow(page, id), f).getAttribute('aria-pressed')));
  const target = seeded[2] === 'true' ? 'Good' : 'Neutral';

  await flagButton(ledgerRow(page, id), target).click();
  await expect(flagButton(ledgerRow(page, id), target)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => savedFlag(page, id), { timeout: 10_000 }).toBe(target.toLowerCase());

  await page.reload();
  await expect(flagButton(ledgerRow(page, id), target)).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });

  await page.goto(`/sessions/${SESSION}?mock-reset`);
  await expect(page).toHaveURL(new RegExp(`/sessions/${SESSION}$`), { timeout: 30_000 });
  await expect(ledgerRow(page, id)).toBeVisible({ timeout: 30_000 });
  for (const [i, flag] of FLAGS.entries()) await expect(flagButton(ledgerRow(page, id), flag)).toHaveAttribute('aria-pressed', seeded[i] ?? 'false');
});
