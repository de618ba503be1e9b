import { expect, test, type Locator, type Page } from '@playwright/test';
import { resetDaemon } from './support/daemon';
import { ledgerGrid } from './support/compactions';
import { ORIGIN_LABELS } from '../src/domain/accounting/provenance';
import { STRATEGY_LABELS, TRIGGER_LABELS } from '../src/domain/compaction/labels';
import { AGENT_FIT_CHARS, strategyBadgesFit, triggerFits } from '../src/domain/compaction/cell-fit';

/**
 * At 1024 px every screen is usable: names never collapse, the page never scrolls sideways, the
 * ledger hides its least important columns first (Flag and Notes stay) and the chooser brings
 * them back, and the compact dialog's diff keeps its role labels whole.
 */
test.use({ viewport: { width: 1024, height: 800 } });

const SESSION = 'ses_gen_refactor';

async function width(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.width ?? 0;
}

/** The elements of `selector` inside `scope` that their cell cuts: wider or taller than its box, or outside it. */
async function cutInCells(scope: Locator, selector: string): Promise<string[]> {
  return scope.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => {
        const cell = element.closest('td');
        if (!cell || element.getClientRects().length === 0) return false; // not drawn at this width
        const e = element.getBoundingClientRect();
        const c = cell.getBoundingClientRect();
        const outside = e.left < c.left - 1 || e.right > c.right + 1 || e.top < c.top - 1 || e.bottom > c.bottom + 1;
        return outside || element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
      })
      .map((element) => element.textContent ?? ''),
  );
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** Whether the element lies within the horizontal extent of the container (not cut off or scrolled away). */
async function insideHorizontally(element: Locator, container: Locator): Promise<boolean> {
  const [e, c] = await Promise.all([element.boundingBox(), container.boundingBox()]);
  return e !== null && c !== null && e.x >= c.x - 1 && e.x + e.width <= c.x + c.width + 1;
}

test.beforeEach(async ({ request, page }) => {
  await resetDaemon(request);
  await page.addInitScript(() => localStorage.removeItem('compactor.ledger-columns'));
});

test('sessions list at 1024 px: the Session column keeps a readable width', async ({ page }) => {
  await page.goto('/sessions');
  const table = page.getByRole('table', { name: 'Sessions', exact: true });
  const firstName = table.locator('tbody tr').first().getByRole('link').first();
  await expect(firstName).toBeVisible();
  const parts = table.getByTestId('context-parts');
  await expect(parts.first()).toBeVisible();
  // A long name takes a second line before it is cut (the rows have two: the context bar and its parts).
  expect(await width(table.getByRole('columnheader', { name: 'Session' }))).toBeGreaterThanOrEqual(150);
  expect(await firstName.evaluate((link) => getComputedStyle(link).webkitLineClamp)).toBe('2');
  expect(await width(firstName)).toBeGreaterThan(100);
  // A paused session awaiting approval shows both badges whole in its Status cell ("pending ›").
  const pending = table.getByRole('link', { name: /approval pending/ }).first();
  await expect(pending).toBeVisible();
  const cell = pending.locator('xpath=ancestor::td[1]');
  expect(await insideHorizontally(pending, cell)).toBe(true);
  expect(await pending.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true);
  // Nothing a row says is cut: badges, costs ("$1,000.28" was "$1,00…", "107 %" was "10…"), and
  // the context's parts keep to one line under the bar where they can (they took a third line in every row).
  expect(await cutInCells(table, '.badge')).toEqual([]);
  expect(await cutInCells(table, 'td.num, td .num')).toEqual([]);
  expect(await parts.count()).toBeGreaterThan(10);
  // Two parts ("172k messages + 8.2k reserve") keep to one line; three (with the base) may take two.
  const wrapped = await parts.evaluateAll((lines) =>
    lines
      .map((line) => ({ text: line.textContent ?? '', lines: Math.round(line.getBoundingClientRect().height / parseFloat(getComputedStyle(line).lineHeight)) }))
      .filter(({ text, lines }) => lines > text.split(' + ').length - 1),
  );
  expect(wrapped).toEqual([]);
  await expectNoSidewaysScroll(page);
});

test('agents table at 1024 px: badges and the window source are whole, not cut by their cells', async ({ page }) => {
  // A fleet session whose third agent runs on an assumed window (no model metadata).
  await page.goto('/sessions/ses_h000d');
  const agents = page.getByRole('region', { name: 'Agents', exact: true }).getByRole('table');
  await expect(agents.getByText('window unknown: 128k assumed')).toBeVisible();
  expect(await cutInCells(agents, '.badge, .window-source, .agents__sub, .agents__line')).toEqual([]);
  await expectNoSidewaysScroll(page);
});

test('session view at 1024 px: agent names stay, the ledger keeps Flag and Notes, hidden columns come back from the chooser', async ({ page }) => {
  await page.goto(`/sessions/${SESSION}`);
  const agents = page.getByRole('region', { name: 'Agents', exact: true }).getByRole('table');
  await expect(agents.getByRole('cell').filter({ has: page.getByText('primary', { exact: true }) }).first()).toBeVisible();
  const agentHeader = agents.getByRole('columnheader', { name: 'Agent', exact: true });
  await expect(agentHeader).toBeVisible();
  expect(await width(agentHeader)).toBeGreaterThanOrEqual(140);

  const grid = ledgerGrid(page);
  await expect(grid.locator('[data-compaction-id]').first()).toBeVisible();
  for (const name of ['Flag', 'Notes', 'Agent', 'Strategy']) {
    const header = grid.getByRole('columnheader', { name, exact: true });
    await expect(header).toBeVisible();
    expect(await insideHorizontally(header, grid), `${name} is within the ledger`).toBe(true);
  }
  // The least important went first, and the chooser says so.
  await expect(grid.getByRole('columnheader', { name: 'Duration' })).toHaveCount(0);
  const chooser = page.getByRole('button', { name: /^Columns: \d+ hidden/ });
  await expect(chooser).toBeVisible();
  await chooser.click();
  const duration = page.getByRole('menuitemcheckbox', { name: /Duration/ });
  await expect(duration).toContainText('hidden to fit');
  await expect(duration).toHaveAttribute('aria-checked', 'false');
  await duration.click();
  await expect(duration).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(grid.getByRole('columnheader', { name: 'Duration' })).toHaveCount(1);
  // Brought back on purpose: the grid scrolls sideways inside the ledger, the page does not.
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: /^Columns/ }).click();
  await page.getByRole('menuitem', { name: 'Fit columns to the width' }).click();
  await expect(grid.getByRole('columnheader', { name: 'Duration' })).toHaveCount(0);
});

test('compact dialog at 1024 px: the diff keeps role labels and its legend whole', async ({ page }) => {
  await page.goto(`/sessions/${SESSION}`);
  await page.getByRole('button', { name: 'Compact…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Preview/ }).click();
  const diff = dialog.getByRole('table', { name: /diff/i });
  await expect(diff).toBeVisible({ timeout: 20_000 });
  await expect(diff.getByText('user', { exact: true }).first()).toBeVisible();
  const truncated = await diff.locator('.diff-role').evaluateAll((roles) => roles.filter((r) => r.scrollWidth > r.clientWidth + 1).map((r) => r.textContent));
  expect(truncated).toEqual([]);
  // The legend's keys (superseded, summary, always kept, tool exchange) are all within the toolbar.
  const toolbar = dialog.locator('.diff__toolbar');
  const keys = toolbar.locator('.diff-key');
  await expect(keys).toHaveCount(4);
  for (const key of await keys.all()) expect(await insideHorizontally(key, toolbar), await key.innerText()).toBe(true);
  await expectNoSidewaysScroll(page);
});

test("the Plugins column's legend (● hook failed) is whole in its header, across sessions and in one session, at 1440 and 1024 px", async ({ page }) => {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/compactions', `/sessions/${SESSION}`]) {
      await page.goto(path);
      const header = ledgerGrid(page).getByRole('columnheader', { name: /Plugins/ });
      await expect(ledgerGrid(page)).toBeVisible();
      if ((await header.count()) === 0) {
        // The width hid it to fit (its priority): the operator brings it back from the chooser.
        await page.getByRole('button', { name: /^Columns: \d+ hidden/ }).click();
        await page.getByRole('menuitem', { name: 'Show all columns' }).click();
      }
      await expect(header).toContainText('hook failed');
      const cut = await header.evaluate((cell) => {
        const c = cell.getBoundingClientRect();
        return [...cell.querySelectorAll<HTMLElement>('*')]
          .filter((e) => {
            const r = e.getBoundingClientRect();
            return r.left < c.left - 1 || r.right > c.right + 1 || e.scrollWidth > e.clientWidth + 1;
          })
          .map((e) => e.textContent ?? '');
      });
      expect(cut, `${path} at ${width} px`).toEqual([]);
    }
  }
});

test('the ledger’s figures, ticks and cells known to fit are whole in their cells (drawn without a clip), across sessions and in one session, at 1440 and 1024 px', async ({ page }) => {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/compactions', `/sessions/${SESSION}`]) {
      await page.goto(path);
      const grid = ledgerGrid(page);
      await expect(grid.locator('[data-compaction-id]').first()).toBeVisible();
      const chooser = page.getByRole('button', { name: /^Columns: \d+ hidden/ });
      if ((await chooser.count()) > 0) {
        // Every figure column, those the width hid included.
        await chooser.click();
        await page.getByRole('menuitem', { name: 'Show all columns' }).click();
      }
      await expect(grid.getByRole('columnheader', { name: 'Duration' })).toHaveCount(1);
      // ledger.css leaves these cells unclipped: what they hold must fit, or it would spill over the next cell.
      const cells = grid.locator('.ledger__body .ledger__cell.num, .ledger__body .ledger__cell--end, .ledger__body .ledger__cell--tick, .ledger__body .ledger__cell--fits');
      expect(await cells.count()).toBeGreaterThan(50);
      const spilled = await cells.evaluateAll((list) => list.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent ?? ''));
      expect(spilled, `${path} at ${width} px`).toEqual([]);
      // Every content src/domain/compaction/cell-fit.ts lets go unclipped, whether the rows in view hold it or not, drawn in its column.
      expect(await spilledProbes(grid), `${path} at ${width} px`).toEqual([]);
    }
  }
});

/** What a cell may hold unclipped (src/domain/compaction/cell-fit.ts), by column header: text, or badges (text and tone). */
function unclippedContents(): { column: string; text?: string; badges?: [string, string][] }[] {
  const strategies = Object.keys(STRATEGY_LABELS);
  const badges = strategies.flatMap((strategy) =>
    [null, ...strategies].flatMap((to) =>
      [false, true]
        .filter((undone) => strategyBadgesFit(strategy, to, undone))
        .map((undone) => ({
          column: 'Strategy',
          badges: [[strategy, 'neutral'], ...(to === null ? [] : [[`→ ${to}`, 'warn']]), ...(undone ? [['undone', 'neutral']] : [])] as [string, string][],
        })),
    ),
  );
  return [
    ...Object.entries(TRIGGER_LABELS)
      .filter(([trigger]) => triggerFits(trigger))
      .map(([, text]) => ({ column: 'Trigger', text })),
    ...Object.values(ORIGIN_LABELS).map((text) => ({ column: 'Source', text })),
    { column: 'Agent', text: 'W'.repeat(AGENT_FIT_CHARS) },
    { column: 'Plugins', text: 'none' },
    { column: 'Notes', badges: [['draft', 'warn']] },
    ...badges,
  ];
}

/** Each of unclippedContents drawn in its column of the first row (a cell of its own on top): those that spill. */
async function spilledProbes(grid: Locator): Promise<string[]> {
  return grid.evaluate((element, contents) => {
    const heads = [...element.querySelectorAll('[role="columnheader"]')].map((head) => head.textContent ?? '');
    const row = element.querySelector('.ledger__body [role="row"]') as HTMLElement;
    const spilled: string[] = [];
    for (const { column, text, badges } of contents) {
      const at = heads.findIndex((head) => head.startsWith(column));
      const cell = row.children[at]?.cloneNode(false) as HTMLElement;
      cell.style.gridArea = `1 / ${at + 1}`;
      if (text !== undefined) cell.textContent = text;
      for (const [word, tone] of badges ?? []) cell.insertAdjacentHTML('beforeend', `<span class="badge badge--${tone}">${word}</span>`);
      row.append(cell);
      if (cell.scrollWidth > cell.clientWidth + 1) spilled.push(`${column}: ${cell.textContent}`);
      cell.remove();
    }
    return spilled;
  }, unclippedContents());
}
