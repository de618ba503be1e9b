/**
 * The session view does not move its ledger while it loads: from the first paint of the route (its
 * skeleton) until every first-screen figure and chart is drawn, the ledger keeps its place on the
 * page, whatever the answers' order (a slow session read, slow stats), at 1440 and 1024 px, for a
 * session of one agent and one of three. Every animation frame notes where the ledger and each
 * panel above it are; the browser's own layout-shift entries are read beside them.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { resetDaemon } from './support/daemon';
import { sessionRows } from './support/ui';

const expect = baseExpect.configure({ timeout: 20_000 });

const ONE_AGENT = 'ses_h0002';
const THREE_AGENTS = 'ses_gen_refactor';
const HELD_MS = 1_500;
const LEDGER_ROW = '[role="grid"][aria-label="Compaction ledger"] [role="row"][data-compaction-id]';

interface Frame {
  at: number;
  ledger: number;
  grid: number | null;
  panels: string;
}

interface Layout {
  frames: Frame[];
  shifts: { value: number; at: number; sources: string[] }[];
}

declare global {
  interface Window {
    __layout?: Layout;
  }
}

/** From the document's start: every frame where the ledger panel exists, noted when something moved or resized. */
async function watchLayout(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const layout: Layout = { frames: [], shifts: [] };
    window.__layout = layout;
    const name = (el: Element) => el.querySelector('h2')?.textContent ?? el.getAttribute('aria-label') ?? el.className;
    const top = (el: Element | null) => (el ? Math.round((el.getBoundingClientRect().top + window.scrollY) * 10) / 10 : null);
    let last = '';
    const tick = () => {
      const ledger = document.querySelector('.ledger-panel');
      if (ledger && location.pathname.startsWith('/sessions/')) {
        const above = [...(ledger.parentElement?.children ?? [])].filter((el) => el.compareDocumentPosition(ledger) & Node.DOCUMENT_POSITION_FOLLOWING);
        const panels = above.map((el) => `${name(el)}: ${Math.round(el.getBoundingClientRect().height * 10) / 10}`).join(', ');
        const frame = { at: Math.round(performance.now()), ledger: top(ledger)!, grid: top(ledger.querySelector('[role="grid"]')), panels };
        const key = `${frame.ledger} ${frame.grid} ${panels}`;
        if (key !== last) layout.frames.push(frame);
        last = key;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput || !location.pathname.startsWith('/sessions/')) continue;
        const sources = (entry.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          const region = el?.closest('section, header')?.querySelector('h1, h2')?.textContent ?? 'outside the page';
          return `${el?.tagName.toLowerCase()}.${String(el?.getAttribute('class'))} in ${el?.closest('.page') ? region : 'the shell'}`;
        });
        layout.shifts.push({ value: entry.value, at: Math.round(entry.startTime), sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Every first-screen figure drawn: the header, the agents, the stats and their charts with their summaries, the ledger's rows, the checkpoints. */
async function waitForSettled(page: Page): Promise<void> {
  await expect(page.locator(LEDGER_ROW).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Every chart card of a session with events draws its chart (the summary line comes with it).
  await expect(page.locator('.stats-panel .chart-card__chart .recharts-surface')).toHaveCount(6);
  await expect(page.locator('.stats-panel .chart-card__summary')).toHaveCount(4);
  await page.waitForLoadState('networkidle');
  // Two frames for what the last answers drew.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The ledger's places from the first paint to now, and what moved it. */
async function expectLedgerStill(page: Page): Promise<void> {
  const layout = (await page.evaluate(() => window.__layout))!;
  const report = layout.frames.map((f) => `${f.at} ms: ledger ${f.ledger}, grid ${f.grid ?? '-'} | ${f.panels}`).join('\n');
  const tops = layout.frames.map((f) => f.ledger);
  const grids = layout.frames.flatMap((f) => (f.grid === null ? [] : [f.grid]));
  expect(tops.length, 'the ledger was drawn').toBeGreaterThan(0);
  expect(Math.max(...tops) - Math.min(...tops), `the ledger panel's top, frame by frame:\n${report}`).toBeLessThanOrEqual(1);
  expect(Math.max(...grids) - Math.min(...grids), `the ledger grid's top, frame by frame:\n${report}`).toBeLessThanOrEqual(1);
  // The browser's own measure (what moved in the viewport), for the session view's own elements: the
  // shell's top bar is another matter.
  const inPage = layout.shifts.filter((s) => s.sources.some((source) => !source.endsWith(' in the shell')));
  expect(inPage.reduce((sum, s) => sum + s.value, 0), `layout shifts in the session view: ${JSON.stringify(inPage)}`).toBeLessThan(0.0001);
  expect(await page.evaluate(() => window.scrollY), 'the page did not scroll').toBe(0);
  // The room kept for the hook timings holds the seeded sessions' five rows whole (a row cut off at
  // the card's edge reads as a clipped table), results wrapping to two lines included.
  const hooks = page.locator('.stats-section__body .hook-timings');
  const room = await hooks.evaluate((e) => ({ shown: e.clientHeight, whole: e.scrollHeight }));
  expect(room.whole, 'the hook timings fit their card').toBeLessThanOrEqual(room.shown + 1);
}

/** Holds the first answer of `url` back for HELD_MS: the panels it feeds arrive after the others. */
async function holdFirst(page: Page, url: RegExp): Promise<void> {
  let held = false;
  await page.route(url, async (route) => {
    if (!held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    }
    await route.continue();
  });
}

test.beforeEach(async ({ request, page }) => {
  await resetDaemon(request);
  await watchLayout(page);
});

/** Each case once (npm test's time counts): both widths, both agent counts, each answer last. */
const CASES = [
  { name: 'opened directly, three agents, at 1440 px', width: 1440, sessionId: THREE_AGENTS, held: null },
  { name: 'opened directly, one agent, at 1024 px', width: 1024, sessionId: ONE_AGENT, held: null },
  { name: 'the session read (its agents) answers last, at 1024 px', width: 1024, sessionId: THREE_AGENTS, held: /\/api\/v1\/sessions\/[^/?]+$/ },
  { name: 'the stats answer last, at 1440 px', width: 1440, sessionId: THREE_AGENTS, held: /\/api\/v1\/sessions\/[^/]+\/compaction-stats/ },
] as const;

for (const c of CASES) {
  test(`${c.name}: the ledger does not move while the page loads`, async ({ page }) => {
    await page.setViewportSize({ width: c.width, height: 900 });
    if (c.held) await holdFirst(page, c.held);
    await page.goto(`/sessions/${c.sessionId}`);
    await waitForSettled(page);
    await expectLedgerStill(page);
  });
}

test('opened from the sessions list: the ledger does not move while the page loads', async ({ page }) => {
  await page.goto('/sessions');
  await sessionRows(page).filter({ hasText: 'Refactor the compaction pipeline' }).getByRole('link').first().click();
  await waitForSettled(page);
  await expectLedgerStill(page);
});
