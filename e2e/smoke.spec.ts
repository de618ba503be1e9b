import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { resetDaemon } from './support/daemon';
import { SCREENS } from './support/screens';

/**
 * Every screen (e2e/support/screens.ts lists them): it opens without a console error or page
 * error, and axe-core finds no serious or critical accessibility violation, in both themes.
 */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  return problems;
}

/** axe-core's rules whose finding depends on colour (its tag `cat.color`, less the AAA rule it leaves off by default). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

// Each screen is its own test on a reset daemon: they spread over the workers (this file is the longest).
test.describe.configure({ mode: 'parallel' });

for (const screen of SCREENS) {
  test(`${screen.name}: no console or page error; no serious or critical axe violation in light and dark`, async ({ page, request }) => {
    // axe over a screen full of charts takes a while on a busy 2-core machine.
    test.setTimeout(180_000);
    await resetDaemon(request);
    const problems = collectProblems(page);
    await page.goto(await screen.path(request));
    await screen.ready(page);
    if (screen.open) await screen.open(page);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // In the page itself: the app has no frames, and the default mode opens a blank page on every
      // call to merge the frames' results (twice as slow on a 2-core machine, the same findings).
      // The themes differ only in colours (the same DOM, other custom properties): every rule in
      // light, and in dark the rules whose finding depends on colour.
      const axe = new AxeBuilder({ page }).setLegacyMode(true);
      const results = await (theme === 'light' ? axe : axe.withRules(COLOUR_RULES)).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${theme}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      expect(serious, `${screen.name} in ${theme}`).toEqual([]);
    }
    expect(problems).toEqual([]);
  });
}

test('plugin page at 1440: every link and button is a target of at least 24 px, or has room around it (axe target-size)', async ({ page, request }) => {
  await resetDaemon(request);
  const screen = SCREENS.find((s) => s.name === 'plugin')!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(await screen.path(request));
  await screen.ready(page);
  await expect(page.getByRole('region').filter({ has: page.getByRole('heading', { name: 'Attached agents' }) }).getByRole('link').first()).toBeVisible();
  // target-size is a WCAG 2.2 rule axe leaves out by default.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withRules(['target-size']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
});
