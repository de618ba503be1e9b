import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { formatTokens } from '../../src/domain/format';
import { ledgerGrid, ledgerRow } from './compactions';
import { panel } from './ui';

/**
 * The consistency suites' readers (e2e/consistency*.spec.ts): each figure as the operator sees it
 * (text at the shown precision), and \`same\`, which compares one figure's readings pairwise and
 * counts each (figure, screen pair) comparison.
 */

/** Every comparison: "figure: screen A = screen B", once per state it was made in. */
export const comparisons: string[] = [];

/** Asserts that every screen's reading of `figure` equals the first one's, and counts each pair. */
export function same(figure: string, readings: Record<string, string>): void {
  const [first, ...rest] = Object.entries(readings);
  const [firstScreen, firstValue] = first!;
  for (const [screen, value] of rest) {
    expect(value, `${figure}: ${screen} reads as ${firstScreen} does`).toBe(firstValue);
    comparisons.push(`${figure}: ${firstScreen} = ${screen}`);
  }
}

/** Prints how many comparisons a suite made (e2e/README.md gives the count): call it in test.afterAll. */
export function reportComparisons(): void {
  const kinds = new Set(comparisons);
  console.log(`consistency: ${comparisons.length} comparisons of ${kinds.size} (figure, screen pair) kinds`);
}

export const text = async (locator: Locator): Promise<string> => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

export interface ContextReading {
  percent: string;
  parts: string;
  tokens?: string;
}

export async function readBar(bar: Locator): Promise<ContextReading> {
  await expect(bar).toBeVisible();
  const tokens = bar.locator('.context-bar__tokens');
  return {
    percent: await text(bar.locator('.context-bar__figure')),
    parts: await text(bar.getByTestId('context-parts')),
    ...((await tokens.count()) > 0 ? { tokens: await text(tokens) } : {}),
  };
}

export function sessionHeaderBar(page: Page): Locator {
  return page.locator('.session-header .context-bar');
}

export function primaryAgentRow(page: Page): Locator {
  return panel(page, 'Agents').getByRole('table').locator('tbody tr').first();
}

/** A CSV reader (src/test-support/parse-csv.ts: the specs pass it, helpers of e2e/support may not import test helpers). */
type CsvReader = (text: string) => string[][];

/** The ledger's CSV export (the filtered view as on screen): every row, by column. */
export async function exportedRows(page: Page, parseCsv: CsvReader): Promise<Record<string, string>[]> {
  await page.getByRole('button', { name: 'Export the filtered ledger' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /^CSV/ }).click()]);
  const [header, ...rows] = parseCsv(await readFile((await file.path())!, 'utf8'));
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ''])));
}

/** The export's row of one record. */
export async function exportedRow(page: Page, parseCsv: CsvReader, id: string): Promise<Record<string, string>> {
  const row = (await exportedRows(page, parseCsv)).find((r) => Object.values(r)[0] === id);
  expect(row, `the export has ${id}`).toBeDefined();
  return row!;
}

export async function openSession(page: Page, sessionId: string): Promise<void> {
  await page.goto(`/sessions/${sessionId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(primaryAgentRow(page)).toBeVisible();
}

/** A ledger row's cell under a column heading, as shown. */
export async function ledgerCell(page: Page, id: string, column: string): Promise<string> {
  const headers = await ledgerGrid(page).getByRole('columnheader').allTextContents();
  const index = headers.findIndex((h) => h.replace(/[↕▲▼]/g, '').replace(/\s+/g, ' ').trim() === column);
  expect(index, `the ledger has a ${column} column: ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(0);
  return text(ledgerRow(page, id).locator('[role="gridcell"]').nth(index));
}

/** An event page's field (a term and its definition), as shown. */
export function eventField(page: Page, label: string): Locator {
  return page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** "170,251 · recorded → 36,081 · recorded" → ["170k", "36.1k"]: exact counts at the ledger's precision. */
export function countsAsTokens(shown: string): string[] {
  return (shown.match(/\d[\d,]*/g) ?? []).map((n) => formatTokens(Number(n.replace(/,/g, ''))));
}
