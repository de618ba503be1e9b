import { expect as baseExpect, test } from '@playwright/test';
import { advanceSession, apiGet, DAEMON, dropSockets, resetDaemon } from './support/daemon';
import { countText, ledgerCount, ledgerRow, ledgerRows, listCompactions, renderedIds, sessionStats, statFigure, usd } from './support/compactions';
import { choose, connectionIndicator, panel } from './support/ui';

/** The page makes a burst of requests on load; on a busy machine the first answers can take a while. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** The session imported from a real Claude Code transcript (one real compaction in it). */
const REAL = 'ses_4d5611e5-241';

test('an operator reads the stats of the real-transcript session: counts, cost split, and a table for every chart', async ({ page, request }) => {
  await resetDaemon(request);
  const stats = await sessionStats(request, REAL);
  await page.goto(`/sessions/${REAL}`);
  const view = panel(page, 'Compaction');

  await expect(statFigure(page, 'Events')).toContainText(String(stats.events_total));
  await expect(statFigure(page, 'Compactor cost')).toContainText(usd(stats.cost.compactor_usd));
  await expect(statFigure(page, 'Primary cost')).toContainText(usd(stats.cost.primary_usd));
  await expect(statFigure(page, 'Total cost')).toContainText(usd(stats.cost.total_usd));
  await expect(statFigure(page, 'Fallbacks')).toContainText(String(stats.fallback_total));

  // Every trigger of the contract is listed, zero included (hook_requested and operator_manual too).
  const byTrigger = view.getByRole('figure', { name: 'Events by trigger' });
  await byTrigger.getByRole('button', { name: 'Table' }).click();
  const rows = byTrigger.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  for (const label of ['threshold crossed', 'provider overflow retry', 'operator manual', 'scheduled', 'hook requested']) {
    const count = stats.by_trigger.find((t) => t.key === label.replace(/ /g, '_'))?.count ?? 0;
    await expect(rows.filter({ hasText: label })).toContainText(String(count));
  }

  // The per-event charts have the same figures as a table, one row per event.
  const timeline = view.getByRole('figure', { name: 'Tokens before → after' });
  await expect(timeline.locator('.recharts-surface').first()).toBeVisible();
  // One event is "1 event", not "1 events".
  expect(stats.events_total).toBe(1);
  await expect(timeline.locator('.chart-card__summary')).toHaveText(/ saved over 1 event$/);
  await timeline.getByRole('button', { name: 'Table' }).click();
  await expect(timeline.locator('tbody tr')).toHaveCount(stats.events_total);
  await expect(timeline.locator('thead')).toContainText('Upper (tokens)');

  await expect(ledgerCount(page)).toHaveText(countText((await listCompactions(request, REAL)).total));
});

test('the median ratio says it is reading the events until its sample is in, not "—" as for a session without events', async ({ page, request }) => {
  await resetDaemon(request);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/v1\/sessions\/[^/]+\/compactions\?.*limit=1000/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/sessions/${REAL}`);
  const median = statFigure(page, 'Median ratio');
  await expect(statFigure(page, 'Events')).toContainText('1');
  await expect(median).toContainText('…');
  await expect(median).toContainText('reading the events');
  release();
  await expect(median.locator('.stat__value')).toHaveText(/^\d\.\d\d$/);
});

test('hook timings per plugin and hook, with result kinds, and fallback reasons', async ({ page, request }) => {
  await resetDaemon(request);
  const session = 'ses_gen_flaky';
  const stats = await sessionStats(request, session);
  await page.goto(`/sessions/${session}`);
  const hooks = page.getByRole('region', { name: 'Plugin hook timings' });
  await expect(hooks.locator('tbody tr')).toHaveCount(stats.hook_timings.length);
  for (const timing of stats.hook_timings) {
    const row = hooks.locator('tbody tr').filter({ hasText: timing.plugin }).filter({ hasText: timing.hook });
    await expect(row).toContainText(String(timing.count));
    for (const kind of timing.result_kinds) await expect(row).toContainText(`${kind.key.replace('_', ' ')} ${kind.count}`);
  }
  const fallbacks = page.getByRole('region', { name: 'Fallbacks' });
  await expect(fallbacks).toContainText(`${stats.fallback_total} events fell back`);
  for (const reason of stats.fallback_reasons) await expect(fallbacks.locator('tbody tr').filter({ hasText: reason.key })).toContainText(String(reason.count));

  // A plugin's name opens the ledger filtered to the events it fired in.
  await hooks.getByRole('link', { name: 'hindsight' }).first().click();
  await expect(page).toHaveURL(/plugin=hindsight/);
  await expect(page.getByRole('button', { name: /^Plugin: hindsight/ })).toBeVisible();
});

test('stats for one agent or all, the agent kept in the URL for the ledger too', async ({ page, request }) => {
  await resetDaemon(request);
  const session = 'ses_gen_refactor';
  const detail = await apiGet<{ agents: Array<{ agent_path: string }> }>(request, `/sessions/${session}`);
  const agent = detail.agents[1]!.agent_path;
  const agentStats = await apiGet<{ events_total: number }>(request, `/sessions/${session}/compaction-stats?agent_path=${encodeURIComponent(agent)}`);
  const agentLedger = await listCompactions(request, session, `agent_path=${encodeURIComponent(agent)}`);

  await page.goto(`/sessions/${session}`);
  await choose(page, 'Agent', agent);
  await expect(page).toHaveURL(new RegExp(`agent=${encodeURIComponent(agent).replace(/%2F/g, '(%2F|/)')}`));
  await expect(statFigure(page, 'Events')).toContainText(String(agentStats.events_total));
  await expect(ledgerCount(page)).toHaveText(countText(agentLedger.total, true));
  await expect(ledgerRows(page).first()).toContainText(agent);
});

test('a new compaction arrives live without a reload, highlighted, and the stats follow', async ({ page, request }) => {
  await resetDaemon(request);
  const before = await listCompactions(request, REAL);
  await page.goto(`/sessions/${REAL}`);
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'live');
  // The stream is read in a worker (lib/live/socket-worker.ts), not by the page's main thread.
  expect(page.workers().map((w) => new URL(w.url()).pathname)).toContainEqual(expect.stringMatching(/\/assets\/socket-worker-[\w-]+\.js$/));
  await expect(ledgerRows(page)).toHaveCount(before.total);
  const events = statFigure(page, 'Events');
  await expect(events).toContainText(String(before.total));

  await advanceSession(request, REAL);
  const after = await listCompactions(request, REAL);
  const fresh = after.items.find((r) => !before.items.some((b) => b.id === r.id))!;
  await expect(ledgerRow(page, fresh.id)).toBeVisible();
  await expect(ledgerRow(page, fresh.id)).toHaveClass(/ledger__row--new/);
  // The highlight is drawn (the tint behind the row), not only named.
  const tint = (row: Element) => {
    const style = getComputedStyle(row, '::before');
    return { opacity: style.opacity, background: style.backgroundColor };
  };
  const highlight = await ledgerRow(page, fresh.id).evaluate(tint);
  expect(highlight.opacity).toBe('1');
  expect(highlight.background).not.toBe('rgba(0, 0, 0, 0)');
  // Once the record is no longer new, the tint fades out (a transition, not a jump).
  await expect(ledgerRow(page, fresh.id)).not.toHaveClass(/ledger__row--new/, { timeout: 8000 });
  const fading = await ledgerRow(page, fresh.id).evaluate((row) => row.getAnimations({ subtree: true }).map((a) => a.constructor.name));
  expect(fading).toContain('CSSTransition');
  await expect.poll(() => ledgerRow(page, fresh.id).evaluate((row) => getComputedStyle(row, '::before').opacity)).toBe('0');
  // Faded, the row has no tint box left (ledger.css): like every row never tinted, nothing for a scroll's frames to go through.
  await expect.poll(() => ledgerRow(page, fresh.id).evaluate((row) => getComputedStyle(row, '::before').display)).toBe('none');
  const older = after.items.find((r) => r.id !== fresh.id)!;
  expect(await ledgerRow(page, older.id).evaluate((row) => getComputedStyle(row, '::before').display)).toBe('none');
  expect((await renderedIds(page))[0]).toBe(fresh.id);
  await expect(ledgerCount(page)).toHaveText(countText(after.total));
  await expect(events).toContainText(String(after.total));
});

test('reduced motion: a live arrival is marked new without an animation', async ({ page, request }) => {
  await resetDaemon(request);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const before = await listCompactions(request, REAL);
  await page.goto(`/sessions/${REAL}`);
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'live');
  await expect(ledgerRows(page)).toHaveCount(before.total);
  await advanceSession(request, REAL);
  const after = await listCompactions(request, REAL);
  const fresh = after.items.find((r) => !before.items.some((b) => b.id === r.id))!;
  await expect(ledgerRow(page, fresh.id)).toHaveClass(/ledger__row--new/);
  // The tint shows, still.
  expect(await ledgerRow(page, fresh.id).evaluate((row) => getComputedStyle(row, '::before').opacity)).toBe('1');
  // Marked for a few seconds only (ended highlights are cleared together, arrivals.ts), and gone without a fade.
  await expect(ledgerRow(page, fresh.id)).not.toHaveClass(/ledger__row--new/, { timeout: 8000 });
  expect(await ledgerRow(page, fresh.id).evaluate((row) => row.getAnimations({ subtree: true }).length)).toBe(0);
  expect(await ledgerRow(page, fresh.id).evaluate((row) => getComputedStyle(row, '::before').opacity)).toBe('0');
  expect(await ledgerRow(page, fresh.id).evaluate((row) => getComputedStyle(row, '::before').display)).toBe('none');
});

test('after a dropped connection it reconnects and resumes: no event missing, none twice', async ({ page, request }) => {
  await resetDaemon(request);
  const session = 'ses_gen_refactor';
  const before = await listCompactions(request, session);
  await page.goto(`/sessions/${session}`);
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'live');
  await expect(ledgerCount(page)).toHaveText(countText(before.total));

  // The stream drops and stays refused while two compactions happen.
  await dropSockets(request, 2500);
  await expect(connectionIndicator(page)).toContainText(/Reconnecting|Offline/);
  await advanceSession(request, session);
  await advanceSession(request, session);
  const after = await listCompactions(request, session);
  const missed = after.items.filter((r) => !before.items.some((b) => b.id === r.id));
  expect(missed.length).toBeGreaterThanOrEqual(2);

  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'live');
  for (const record of missed) await expect(ledgerRow(page, record.id)).toHaveCount(1);
  await expect(ledgerCount(page)).toHaveText(countText(after.total));
  const ids = await renderedIds(page);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.slice(0, missed.length)).toEqual(missed.map((r) => r.id));
});

test('the timeline keeps the window the operator brushed while new events arrive live', async ({ page, request }) => {
  await resetDaemon(request);
  // A generated session with more events than the timeline shows at once (80): it has a brush.
  const session = 'ses_h000c';
  const before = await listCompactions(request, session);
  expect(before.total, 'the session has more events than one window').toBeGreaterThan(80);
  await page.goto(`/sessions/${session}`);
  await baseExpect(connectionIndicator(page)).toHaveAttribute('data-status', 'live');
  const timeline = page.getByRole('figure', { name: /Tokens before → after/ });
  const slide = timeline.locator('.recharts-brush-slide');
  await baseExpect(slide).toBeVisible({ timeout: 15_000 });
  // The time axis's first label (the x-axis's labels come before the y-axis's).
  const firstLabel = timeline.locator('.recharts-cartesian-axis-tick-value').first();
  const newest = await firstLabel.textContent();

  // The window dragged back in time.
  const box = (await slide.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await baseExpect(firstLabel).not.toHaveText(newest ?? '');
  const chosen = await firstLabel.textContent();

  // A new compaction arrives: the stats follow, the operator's window stays.
  await advanceSession(request, session);
  const after = await listCompactions(request, session);
  await baseExpect(statFigure(page, 'Events')).toContainText(String(after.total), { timeout: 10_000 });
  await baseExpect(firstLabel).toHaveText(chosen ?? '');
});

test('under hundreds of events a second the charts wait for the stream to slow (it says so), then draw what came', async ({ page, request }) => {
  test.slow();
  const SESSION = 'ses_gen_refactor';
  await resetDaemon(request);
  await page.goto(`/sessions/${SESSION}`);
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'live');
  const timeline = panel(page, 'Compaction').getByRole('figure', { name: 'Tokens before → after' });
  await expect(timeline.locator('.recharts-surface').first()).toBeVisible();
  const note = page.getByText(/charts redraw once the stream slows/);
  await expect(note).toHaveCount(0);
  // In the page: when the note showed and went, and when the per-event chart changed (any mutation of its drawing).
  await page.evaluate(() => {
    const log: { what: string; at: number }[] = [];
    (window as unknown as { __log: typeof log }).__log = log;
    let shown = false;
    new MutationObserver(() => {
      const now = [...document.querySelectorAll('.stats-sample')].some((el) => el.textContent?.endsWith(' · charts redraw once the stream slows'));
      if (now !== shown) log.push({ what: now ? 'note shown' : 'note gone', at: performance.now() });
      shown = now;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    const chart = document.querySelector('figure.chart-card .chart-card__chart');
    if (chart === null) throw new Error('no timeline chart');
    new MutationObserver(() => log.push({ what: 'chart drawn', at: performance.now() })).observe(chart, { subtree: true, childList: true, attributes: true });
  });

  // Seven seconds at 1,000 a second: paced within its first second, and from then on no redraw until it slows.
  const burst = await request.post(`${DAEMON}/__mock/bench/live`, { data: { session_id: SESSION, count: 7000, rate: 1000 }, timeout: 120_000 });
  expect(burst.ok()).toBeTruthy();
  const { sent } = (await burst.json()) as { sent: { id: string }[] };
  await expect(ledgerRow(page, sent[sent.length - 1]!.id)).toBeVisible({ timeout: 60_000 });
  await expect(note).toHaveCount(0, { timeout: 10_000 });
  const events = async () => (await page.evaluate(() => (window as unknown as { __log: { what: string; at: number }[] }).__log)).map((e) => e.what);
  // Drawn again once the stream slowed, not while it was paced.
  const afterNote = async () => {
    const log = await events();
    return log.includes('note gone') ? log.slice(log.indexOf('note gone')) : [];
  };
  await expect.poll(afterNote).toContain('chart drawn');
  const log = await events();
  const from = log.indexOf('note shown');
  const to = log.indexOf('note gone');
  expect(from, 'the note showed while the stream was paced').toBeGreaterThanOrEqual(0);
  expect(to).toBeGreaterThan(from);
  expect(log.slice(from, to)).not.toContain('chart drawn');
});
