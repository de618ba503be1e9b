import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API, apiGet, resetDaemon } from './support/daemon';
import { notesField } from './support/compactions';

/**
 * The cascade: the global rules (src/styles) come before every component's, and a screen looks the
 * same whichever screen loaded its stylesheets before it.
 */

const SESSION = 'ses_gen_refactor';

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

/** Moves within the app (no reload), as a link would: the stylesheets loaded so far stay. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function openHealth(page: Page): Promise<void> {
  await page.goto('/health?range=all');
  await expect(page.locator('dl.health-headline:not([aria-busy]) dd').first()).toBeVisible({ timeout: 20_000 });
}

/** The box of a table cell as drawn: padding, wrapping, type size. */
async function cellLook(cell: Locator): Promise<string> {
  return cell.evaluate((el) => {
    const s = getComputedStyle(el);
    return `${s.paddingTop} ${s.paddingRight} ${s.paddingBottom} ${s.paddingLeft} / ${s.whiteSpace} / ${s.fontSize}`;
  });
}

test('the global rules come first: every component rule after base.css, on the first screen and on a page whose code loads later', async ({ page, request }) => {
  const { items } = await apiGet<{ items: { id: string }[] }>(request, `/sessions/${SESSION}/compactions?limit=1`);
  await page.goto('/sessions');
  await expect(page.getByRole('table', { name: 'Sessions', exact: true }).locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
  await navigateInApp(page, `/sessions/${SESSION}/compactions/${items[0]!.id}`);
  await expect(page.locator('section[aria-label="Record"]')).toBeVisible({ timeout: 20_000 });

  // In document order: where base.css's generic field rule stands, and the component rules (BEM
  // elements, `block__part`) that stand before it.
  const order = await page.evaluate(() => {
    const selectors: string[] = [];
    for (const sheet of Array.from(document.styleSheets)) {
      for (const rule of Array.from(sheet.cssRules)) if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
    }
    const base = selectors.indexOf('.input');
    return { base, before: selectors.slice(0, Math.max(0, base)).filter((s) => s.includes('__')) };
  });
  expect(order.base).toBeGreaterThanOrEqual(0);
  expect(order.before).toEqual([]);

  // So a component's own rule wins over the generic one of the same weight: the notes box keeps its
  // padding and, once edited, its unsaved border (not .input's).
  const notes = notesField(page);
  await expect(notes).toHaveCSS('padding-top', '8px');
  const border = async () => notes.evaluate((el) => getComputedStyle(el).borderTopColor);
  const saved = await border();
  await notes.fill('not saved yet');
  await expect(notes).toHaveClass(/verdict__notes--unsaved/);
  expect(await border()).not.toBe(saved);
});

test('the audit log looks the same opened first or after the health view', async ({ page }) => {
  const firstCell = (p: Page) => p.getByRole('region', { name: 'Audit events' }).getByRole('row').nth(1).getByRole('cell').first();
  await page.goto('/audit');
  await expect(firstCell(page)).toBeVisible({ timeout: 20_000 });
  const first = await cellLook(firstCell(page));

  await openHealth(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit', exact: true }).click();
  await expect(firstCell(page)).toBeVisible({ timeout: 20_000 });
  expect(await cellLook(firstCell(page))).toBe(first);
});

async function saveConfig(request: APIRequestContext, set: Record<string, unknown>): Promise<number> {
  const { version } = await apiGet<{ version: number }>(request, `/sessions/${SESSION}/compaction-config?agent_path=primary`);
  const put = await request.put(`${API}/sessions/${SESSION}/compaction-config?agent_path=primary`, { data: { version, set, unset: [] }, headers: { 'X-Kaged-User-Id': 'op-styles' } });
  expect(put.ok()).toBe(true);
  return ((await put.json()) as { version: number }).version;
}

test('two config versions compared look the same opened first or after the health view', async ({ page, request }) => {
  const v2 = await saveConfig(request, { upper_threshold: 0.8 });
  const v3 = await saveConfig(request, { strategy: 'checkpoint' });
  const knobs = `/sessions/${SESSION}/knobs?agent=primary&group=trigger`;
  const compareCell = async () => {
    const history = page.getByRole('complementary', { name: 'Recent changes' });
    await history.getByRole('checkbox', { name: `Compare version ${v2}` }).check();
    await history.getByRole('checkbox', { name: `Compare version ${v3}` }).check();
    await history.getByRole('button', { name: `Compare v${v2} and v${v3}` }).click();
    const cell = page.getByRole('dialog', { name: `primary: version ${v2} and version ${v3}` }).getByRole('row', { name: /^Strategy/ }).getByRole('cell').first();
    await expect(cell).toBeVisible();
    return cell;
  };
  await page.goto(knobs);
  const first = await cellLook(await compareCell());

  await openHealth(page);
  await navigateInApp(page, knobs);
  expect(await cellLook(await compareCell())).toBe(first);
});
