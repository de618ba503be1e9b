/**
 * The bundle budget counts at least what the browser downloads before each screen's first data
 * (one definition for the budget and the bench): each screen is loaded cold, and every script
 * that arrived before its first data must be among the files the budget counts for that screen
 * (e2e/budget/bundle-budget.ts, read from the build under test).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { BUDGET, readManifest, screenFiles } from './budget/bundle-budget';
import { resetDaemon } from './support/daemon';

const expect = baseExpect.configure({ timeout: 20_000 });
const DIST = resolve(process.env.E2E_DIST ?? 'dist');
const SESSION = 'ses_gen_refactor';

/** Each budgeted screen: an address of it and what its first data is (as the bench reads it). */
const SCREENS: Record<string, { path: string; first: string[] }> = {
  'sessions list': { path: '/sessions', first: ['table[aria-label="Sessions"] tbody tr'] },
  'session view': { path: `/sessions/${SESSION}`, first: ['dl.stats-headline:not([aria-busy]) dd', '[role="grid"][aria-label="Compaction ledger"] [role="row"][data-compaction-id]'] },
  health: { path: '/health', first: ['dl.health-headline:not([aria-busy]) dd'] },
  knobs: { path: `/sessions/${SESSION}/knobs`, first: ['.kf'] },
  // The settings to replay, with the agent's configured values (the replay runs when asked).
  'threshold lab': { path: `/sessions/${SESSION}/lab`, first: ['.page select option', '.page input[placeholder]:not([placeholder=""])'] },
};

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

test('every screen the budget names has an address here, and the other way round', () => {
  expect(Object.keys(SCREENS).sort()).toEqual(BUDGET.screens.map((s) => s.name).sort());
});

test("every script a first screen loads before its first data opens with V8's compile hint, and only those (vite.config.ts, firstScreenCompileHints)", () => {
  const manifest = readManifest(DIST);
  const first = new Set(BUDGET.screens.flatMap((screen) => screenFiles(manifest, BUDGET.shell, screen)));
  const hinted = (file: string) => readFileSync(join(DIST, file), 'utf8').split('\n', 1)[0] === '//# allFunctionsCalledOnLoad';
  const vendor = Object.values(manifest).find((chunk) => chunk.name === 'vendor');
  expect(vendor && first.has(vendor.file), 'the libraries are among the first screens\' files').toBe(true);
  const scripts = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
  expect(scripts.filter((file) => first.has(file) && !hinted(file)), 'first-screen scripts without the hint').toEqual([]);
  expect(scripts.filter((file) => !first.has(file) && hinted(file)), 'later scripts with the hint').toEqual([]);
  // The hint's line maps to nothing: the code's mappings moved down a line with it (the bundler's
  // runtime has no source map).
  const mapped = [...first].filter((file) => existsSync(join(DIST, `${file}.map`)));
  const mappings = (file: string) => (JSON.parse(readFileSync(join(DIST, `${file}.map`), 'utf8')) as { mappings: string }).mappings;
  expect(mapped.length).toBeGreaterThan(0);
  expect(mapped.filter((file) => !mappings(file).startsWith(';')), 'first-screen scripts whose source map was not moved down').toEqual([]);
});

for (const screen of BUDGET.screens) {
  test(`${screen.name}: every script downloaded before the first data is counted by the budget`, async ({ page }) => {
    const { path, first } = SCREENS[screen.name] as (typeof SCREENS)[string];
    const counted = new Set(screenFiles(readManifest(DIST), BUDGET.shell, screen).map((file) => `/${file}`));
    await page.addInitScript((selectors) => {
      const marks: number[] = [];
      const seen = () => {
        selectors.forEach((sel, i) => {
          if (marks[i] === undefined && document.querySelector(sel)) marks[i] = performance.now();
        });
        if (marks.filter((m) => m !== undefined).length === selectors.length) (window as { __firstData?: number }).__firstData = Math.max(...marks);
      };
      new MutationObserver(seen).observe(document, { childList: true, subtree: true });
    }, first);
    await page.goto(path);
    await expect.poll(() => page.evaluate(() => (window as { __firstData?: number }).__firstData)).toBeGreaterThan(0);
    // Before the first data: scripts asked for before its last answer came and in before it was
    // drawn. What the render drawing the first data asks for (a chart below it, lazy) is not: on a
    // busy machine that render can outlast the download, which then ends before the data shows.
    const before = await page.evaluate(() => {
      const by = (window as { __firstData?: number }).__firstData ?? 0;
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const answers = entries.filter((e) => new URL(e.name).pathname.startsWith('/api/v1/') && e.responseEnd <= by).map((e) => e.responseEnd);
      // A first screen drawn from what came with the page (no answer yet): everything before it.
      const answered = answers.length > 0 ? Math.max(...answers) : by;
      return entries.filter((e) => e.initiatorType === 'script' && e.startTime <= answered && e.responseEnd <= by).map((e) => new URL(e.name).pathname);
    });
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((file) => !counted.has(file)), 'downloaded before the first data, not counted by the budget').toEqual([]);
  });
}
