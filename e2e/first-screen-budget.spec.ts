/**
 * The bundle budget counts at least what the browser downloads before each screen's first data
 * (one definition for the budget and the bench): each screen is loaded cold, and every script
 * that arrived before its first data must be among the files the budget counts for that screen
 * (e2e/budget/bundle-budget.ts, read from the build under test).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { BUDGET, readManifest, screenCode, screenFiles } from './budget/bundle-budget';
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

/** Opens `path` and waits until every `first` selector has matched (the page's clock in `__firstData`). */
async function openToFirstData(page: Page, path: string, first: string[]): Promise<void> {
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
}

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
    await openToFirstData(page, path, first);
    // Before the first data: scripts asked for before its last answer came and in before it was
    // drawn. What the render drawing the first data asks for (a chart below it, lazy) is not: on a
    // busy machine that render can outlast the download, which then ends before the data shows.
    const before = await page.evaluate(() => {
      const by = (window as { __firstData?: number }).__firstData ?? 0;
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const answers = entries.filter((e) => new URL(e.name).pathname.startsWith('/api/v1/') && e.responseEnd <= by).map((e) => e.responseEnd);
      // A first screen drawn from what came with the page (no answer yet): everything before it.
      const answered = answers.length > 0 ? Math.max(...answers) : by;
      // Scripts by their address: a module preload's entry says "script" in Chromium, "link" elsewhere.
      return entries.filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime <= answered && e.responseEnd <= by).map((e) => new URL(e.name).pathname);
    });
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((file) => !counted.has(file)), 'downloaded before the first data, not counted by the budget').toEqual([]);
  });
}

/** The app's entry script (index.html links it; the early script is another file). */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

for (const screen of BUDGET.screens) {
  test(`${screen.name}: the early script asks for its code after its data and before the app's entry has run, each file once`, async ({ page }) => {
    const { path, first } = SCREENS[screen.name] as (typeof SCREENS)[string];
    const { scripts, styles } = screenCode(readManifest(DIST), BUDGET.shell, screen);
    const own = [...scripts, ...styles].map((file) => `/${file}`);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    // The entry is held until the screen's files have all been asked for (or 10 s): only the early script can have.
    let beforeEntry: string[] = [];
    await page.route(ENTRY, async (route) => {
      for (let waited = 0; waited < 10_000 && !own.every((file) => asked.includes(file)); waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
      beforeEntry = [...asked];
      await route.continue();
    });
    await openToFirstData(page, path, first);
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((file) => !beforeEntry.includes(file)), 'asked for only once the entry ran').toEqual([]);
    for (const file of own) expect(asked.filter((p) => p === file), file).toHaveLength(1);
    // Its data (at least the shell's projects) left first.
    const firstCode = beforeEntry.findIndex((p) => own.includes(p));
    expect(beforeEntry.slice(0, firstCode).filter((p) => p.startsWith('/api/v1/')).length, 'API requests before the first code file').toBeGreaterThan(0);
  });
}
