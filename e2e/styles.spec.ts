import { expect, test, type Page } from '@playwright/test';
import { apiGet, resetDaemon } from './support/daemon';
import { notesField } from './support/compactions';

/** The cascade: the global rules (src/styles) come before every component's. */

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
