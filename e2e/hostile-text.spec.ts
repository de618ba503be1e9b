import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNothingRan, watchPage } from './support/csp';
import { flagViaApi, listCompactions, notesField } from './support/compactions';
import { apiGet, clearFaults, DAEMON, injectFaults, listSessions, resetDaemon } from './support/daemon';
import { HOSTILE_PAYLOADS, unbrokenText } from './support/payloads';
import { SCREENS } from './support/screens';
import { sessionRows } from './support/ui';

async function setTitle(request: APIRequestContext, sessionId: string, title: string): Promise<void> {
  const response = await request.post(`${DAEMON}/__mock/sessions/${encodeURIComponent(sessionId)}/title`, { data: { title } });
  expect(response.ok(), 'the simulator takes the title').toBeTruthy();
}

/** Each check at both widths the product supports. */
async function atWidths(page: Page, check: () => Promise<void>): Promise<void> {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await check();
  }
}

test(`${HOSTILE_PAYLOADS.length} hostile payloads as session titles: shown as text, nothing runs, the page keeps its width`, async ({ page, request }) => {
  expect(HOSTILE_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  await resetDaemon(request);
  const sessions = (await listSessions(request)).slice(0, 14);
  // Every payload in some title (a few per session), one page load for all of them.
  await Promise.all(
    sessions.map((s, i) =>
      setTitle(
        request,
        s.id,
        HOSTILE_PAYLOADS.filter((_, n) => n % sessions.length === i).join(' '),
      ),
    ),
  );
  const watched = await watchPage(page);
  await page.goto('/sessions');
  await expect(sessionRows(page).first()).toBeVisible();
  await expect(page.getByText('<script>window.__pwned=1</script>', { exact: false }).first()).toBeAttached();
  await atWidths(page, () => expectNoHorizontalOverflow(page));

  for (const s of sessions.slice(0, 4)) {
    await page.goto(`/sessions/${encodeURIComponent(s.id)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await atWidths(page, () => expectNoHorizontalOverflow(page));
  }
  await expectNothingRan(page, watched);
  expect(watched.violations).toEqual([]);
});

test('a 5,000-character unbroken title and a 1 MB one: the page keeps its width, the full title is reachable', async ({ page, request }) => {
  await resetDaemon(request);
  const [long, huge] = await listSessions(request);
  if (!long || !huge) throw new Error('the seed has sessions');
  const title5k = unbrokenText(5_000);
  await setTitle(request, long.id, title5k);
  await setTitle(request, huge.id, unbrokenText(1_000_000));

  await page.goto('/sessions');
  await expect(sessionRows(page).first()).toBeVisible();
  await atWidths(page, () => expectNoHorizontalOverflow(page));

  await page.goto(`/sessions/${encodeURIComponent(long.id)}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveAttribute('title', title5k);
  await atWidths(page, async () => {
    await expectNoHorizontalOverflow(page);
    await expect(page.getByRole('button', { name: 'Compact…' })).toBeInViewport();
  });

  await page.goto(`/sessions/${encodeURIComponent(huge.id)}`);
  // A 1 MB answer to read and check first: more than the default 7 s on a busy machine.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await atWidths(page, async () => {
    await expectNoHorizontalOverflow(page);
    await expect(page.getByRole('button', { name: 'Compact…' })).toBeInViewport();
  });
});

test('hostile notes on a compaction event: kept verbatim as text, nothing runs, no overflow', async ({ page, request }) => {
  await resetDaemon(request);
  const record = (await listCompactions(request, 'ses_gen_refactor')).items[0];
  if (!record) throw new Error('the session has compactions');
  const notes = HOSTILE_PAYLOADS.filter((p) => p.length < 1_000).join('\n');
  await flagViaApi(request, record, { flag: 'bad', notes });
  const watched = await watchPage(page);
  await page.goto(`/sessions/ses_gen_refactor/compactions/${encodeURIComponent(record.id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(record.id);
  await expect(notesField(page)).toHaveValue(notes);
  await atWidths(page, () => expectNoHorizontalOverflow(page));
  await page.goto('/sessions/ses_gen_refactor');
  await expect(page.locator('[data-compaction-id]').first()).toBeVisible({ timeout: 15_000 });
  await atWidths(page, () => expectNoHorizontalOverflow(page));
  await expectNothingRan(page, watched);
});

const SESSION = 'ses_gen_refactor';
/** The payloads a screen can show in one go (the 1 MB one has its own tests). */
const SHORT = HOSTILE_PAYLOADS.filter((p) => p.length < 10_000);

/** Plants `texts` in the strings under `keys` of the answers to `path` (the simulator's `hostile` fault). */
async function plant(request: APIRequestContext, rules: Array<{ path: string; keys: string[]; texts?: readonly string[] }>): Promise<void> {
  await injectFaults(
    request,
    rules.map((r) => ({ method: 'GET', path: r.path, fault: 'hostile', keys: r.keys, texts: [...(r.texts ?? SHORT)] })),
  );
}

test.describe('hostile text in what the daemon sends', () => {
  test.beforeEach(async ({ request }) => {
    await resetDaemon(request);
  });
  test.afterEach(async ({ request }) => {
    await clearFaults(request);
  });

  test(`summaries, key facts, message content and plugin names on an event's page: ${SHORT.length} payloads, nothing runs, no overflow`, async ({ page, request }) => {
    expect(SHORT.length).toBeGreaterThanOrEqual(50);
    const record = (await listCompactions(request, SESSION)).items[0];
    if (!record) throw new Error('the session has compactions');
    await plant(request, [
      { path: `^/sessions/${SESSION}/compactions/[^/]+$`, keys: ['summary', 'key_facts', 'name'] },
      { path: `^/sessions/${SESSION}/messages$`, keys: ['content'] },
    ]);
    const watched = await watchPage(page);
    await page.goto(`/sessions/${SESSION}/compactions/${encodeURIComponent(record.id)}`);
    await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
    await expect(page.getByText('<script>window.__pwned=1</script>', { exact: true }).first()).toBeAttached();
    await atWidths(page, () => expectNoHorizontalOverflow(page));
    await expectNothingRan(page, watched);
    expect(watched.violations).toEqual([]);
  });

  test('message content and summaries in the dry-run diff, and a 5,000-character prompt path in its dropdown', async ({ page, request }) => {
    const longPath = `prompts/${unbrokenText(5_000)}.md`;
    // The dry run is a POST: its rule is for every method.
    await injectFaults(request, [
      { path: `^/sessions/${SESSION}/compactions/dry-run$`, fault: 'hostile', keys: ['content', 'summary'], texts: [...SHORT] },
      { method: 'GET', path: '^/prompts$', fault: 'hostile', keys: ['path', 'title'], texts: [longPath, ...SHORT] },
    ]);
    const watched = await watchPage(page);
    await page.goto(`/sessions/${SESSION}`);
    await page.getByRole('button', { name: 'Compact…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compact' });
    await dialog.getByRole('radio', { name: 'summarize' }).click();
    const prompt = dialog.getByRole('combobox', { name: 'Summary prompt' });
    await prompt.click();
    const menu = page.getByRole('listbox');
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box && box.x >= 0 && box.x + box.width <= width, `the prompt menu (${JSON.stringify(box)}) stays inside the ${width} px window`).toBe(true);
    await expect(menu.getByRole('option').first()).toHaveAttribute('title', /.+/);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
    const diff = dialog.getByRole('table', { name: /Dry-run diff/ });
    await expect(diff).toBeVisible({ timeout: 20_000 });
    await expect(diff.getByText(/<script>|onerror|javascript:/).first()).toBeAttached();
    await atWidths(page, () => expectNoHorizontalOverflow(page));
    await expectNothingRan(page, watched);
    expect(watched.violations).toEqual([]);
  });

  test('knob labels, descriptions and plugin names on the knobs screen and the plugin page', async ({ page, request }) => {
    await plant(request, [
      { path: 'knob-schema$', keys: ['label', 'description', 'plugin'] },
      { path: '^/plugins', keys: ['description', 'label'] },
    ]);
    const watched = await watchPage(page);
    await page.goto(`/sessions/${SESSION}/knobs?agent=primary&group=trigger`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/<script>|onerror|javascript:/).first()).toBeVisible({ timeout: 15_000 });
    await atWidths(page, () => expectNoHorizontalOverflow(page));
    await page.goto('/plugins/hindsight?range=all');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await atWidths(page, () => expectNoHorizontalOverflow(page));
    await expectNothingRan(page, watched);
    expect(watched.violations).toEqual([]);
  });

  test('an agent path with markup, a lone surrogate and 2,000 characters: agents panel, stats filter (no 404), compact dialog, knobs tree', async ({ page, request }) => {
    // Four screens, each checked at two widths.
    test.setTimeout(120_000);
    const session = await apiGet<{ agents: Array<{ agent_path: string; parent_path: string | null; compaction_count: number }> }>(request, `/sessions/${SESSION}`);
    const child = session.agents.find((a) => a.parent_path !== null && a.compaction_count > 0) ?? session.agents.find((a) => a.parent_path !== null);
    if (!child) throw new Error('the session has a sub-agent');
    const odd = `${child.parent_path}/<img src=x onerror=window.__pwned=1> \uD800 a+b%20&c=d#e ${unbrokenText(2_000)}`;
    const renamed = await request.post(`${DAEMON}/__mock/sessions/${SESSION}/agents/rename`, { data: { from: child.agent_path, to: odd } });
    expect(renamed.ok(), 'the simulator renames the agent').toBeTruthy();
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    const watched = await watchPage(page);
    await page.goto(`/sessions/${SESSION}`);
    const agents = page.getByRole('region', { name: 'Agents' });
    await expect(agents.getByText(/onerror=window/).first()).toBeVisible({ timeout: 15_000 });
    await atWidths(page, () => expectNoHorizontalOverflow(page));

    // The stats filter: the simulator finds the agent (no 404) and the stats show.
    await page.getByRole('combobox', { name: 'Agent', exact: true }).click();
    await page.getByRole('option', { name: /onerror=window/ }).click();
    await expect(page).toHaveURL(/agent=/);
    const stats = page.getByRole('region', { name: 'Compaction' });
    await expect(stats.getByText(/^agent .*onerror/)).toBeVisible({ timeout: 15_000 });
    await expect(stats.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/not found|URI malformed/i)).toHaveCount(0);
    // The stats drawn for that agent (its charts measure their labels) keep the page's width.
    await atWidths(page, () => expectNoHorizontalOverflow(page));

    // The compact dialog for that agent.
    await page.getByRole('button', { name: 'Compact…' }).click();
    // The dialog itself, not its loading frame ("Compact (loading)"): its form is drawn.
    const dialog = page.getByRole('dialog', { name: 'Compact', exact: true });
    await expect(dialog.getByRole('button', { name: /^Preview/ })).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByText(/URI malformed/)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The knobs tree.
    await agents.getByRole('link', { name: /^Knobs of .*onerror/ }).click();
    // The knobs screen itself, drawn (not the session page still leaving, nor the knobs' loading frame).
    await expect(page).toHaveURL(/\/knobs\?/);
    await expect(page.getByRole('navigation', { name: 'Agents' }).getByText(/onerror=window/).first()).toBeVisible({ timeout: 15_000 });
    await atWidths(page, () => expectNoHorizontalOverflow(page));
    await expectNothingRan(page, watched);
    expect(watched.violations).toEqual([]);
    expect(crashes).toEqual([]);
  });
});

test.describe('regular expressions from outside (a knob manifest\'s pattern)', () => {
  test.beforeEach(async ({ request }) => {
    await resetDaemon(request);
  });
  test.afterEach(async ({ request }) => {
    await clearFaults(request);
  });

  // Catastrophic backtracking: each takes exponential time on a value that almost matches, here
  // long enough that a backtracking engine would not finish in this test's lifetime; a linear-time
  // check answers at once.
  test('a knob pattern ^(\\S+)+x$ the default almost matches: the knobs screen opens and says the declaration is wrong', async ({ page, request }) => {
    await injectFaults(request, [{ method: 'GET', path: 'knob-schema$', fault: 'hostile', keys: ['pattern'], texts: ['^(\\S+)+x$'] }]);
    await page.goto(`/sessions/${SESSION}/knobs?agent=primary&group=summarize`);
    await expect(page.getByRole('heading', { level: 1, name: 'primary' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('note').filter({ hasText: 'does not match the pattern "^(\\\\S+)+x$"' })).toBeVisible({ timeout: 5_000 });
  });

  test('a knob pattern ^(([a-z:/.-])+)+$: typing a value that almost matches keeps the page answering', async ({ page, request }) => {
    // The project's prompts unknown (their read fails), so the prompt path is typed, checked by the manifest's pattern.
    await injectFaults(request, [
      { method: 'GET', path: 'knob-schema$', fault: 'hostile', keys: ['pattern'], texts: ['^(([a-z:/.-])+)+$'] },
      { method: 'GET', path: '^/prompts$', fault: 'status:404' },
    ]);
    await page.goto(`/sessions/${SESSION}/knobs?agent=primary&group=summarize`);
    const field = page.getByRole('combobox', { name: 'Summarizer prompt' }).or(page.getByRole('textbox', { name: 'Summarizer prompt' }));
    await expect(field).toBeVisible({ timeout: 15_000 });
    // An almost-match: 40 characters the pattern's loop accepts, then one it does not.
    await field.fill(`project:/${'a'.repeat(40)}!`);
    await field.press('Tab');
    const knob = page.locator('.kf').filter({ has: field });
    await expect(knob.getByRole('alert')).toContainText('does not match', { timeout: 5_000 });
    // The page still answers the operator: more keystrokes show at once.
    await field.press('End');
    await field.pressSequentially('b!');
    await expect(field).toHaveValue(`project:/${'a'.repeat(40)}!b!`, { timeout: 5_000 });
  });

  test('a pattern a linear-time engine cannot run (a lookahead) is refused with a message naming it, not run', async ({ page, request }) => {
    // ECMAScript, and the default matches it: today's build takes it silently.
    await injectFaults(request, [{ method: 'GET', path: 'knob-schema$', fault: 'hostile', keys: ['pattern'], texts: ['^(?=(project|config):/)\\S+$'] }]);
    await page.goto(`/sessions/${SESSION}/knobs?agent=primary&group=summarize`);
    await expect(page.getByText(/pattern "\^\(\?=.* uses a lookahead \(\(\?=\): Compactor checks patterns from outside with a linear-time engine/).first()).toBeVisible({ timeout: 15_000 });
  });
});

test('a pasted link with a malformed fragment (#%E0%A4%A, #%) breaks no screen', async ({ page, request }) => {
  test.setTimeout(180_000);
  await resetDaemon(request);
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(`${page.url()}: ${error.message}`));
  for (const screen of SCREENS.filter((s) => s.open === undefined)) {
    for (const fragment of screen.name === 'session' ? ['#%E0%A4%A', '#%'] : ['#%E0%A4%A']) {
      await page.goto(`${await screen.path(request)}${fragment}`);
      await screen.ready(page);
      await expect(page.getByRole('heading', { name: /Something broke on this page/ })).toHaveCount(0);
    }
  }
  expect(crashes).toEqual([]);
});

test.describe('long unbroken strings on every screen', () => {
  test.beforeEach(async ({ request }) => {
    await resetDaemon(request);
  });
  test.afterEach(async ({ request }) => {
    await clearFaults(request);
  });

  test('a 5,000-character title on the sessions every screen opens: no screen wider than the window at 1440 and 1024, the full title reachable', async ({ page, request }) => {
    test.setTimeout(300_000);
    const title = unbrokenText(5_000);
    for (const session of ['ses_gen_refactor', 'ses_gen_review']) await setTitle(request, session, title);
    const wide: string[] = [];
    for (const screen of SCREENS.filter((s) => s.open === undefined)) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(await screen.path(request));
      await screen.ready(page);
      for (const width of [1440, 1024]) {
        await page.setViewportSize({ width, height: 900 });
        const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        if (scroll > client + 1) wide.push(`${screen.name} at ${width}: ${scroll} px`);
      }
    }
    expect(wide, 'screens wider than the window').toEqual([]);
    // Truncated, never cut off: the full title is in the breadcrumb's title (shown on hover).
    await page.goto(`/sessions/ses_gen_refactor/knobs?agent=primary&group=trigger`);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator(`[title="${title}"]`)).toHaveCount(1);
  });

  test('a 1 MB title: the event page, knobs, lab and checkpoint review keep their width', async ({ page, request }) => {
    test.setTimeout(300_000);
    for (const session of ['ses_gen_refactor', 'ses_gen_review']) await setTitle(request, session, unbrokenText(1_000_000));
    const wide: string[] = [];
    for (const screen of SCREENS.filter((s) => ['compaction-detail', 'checkpoint-review', 'knobs', 'threshold-lab'].includes(s.name))) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(await screen.path(request));
      await screen.ready(page);
      for (const width of [1440, 1024]) {
        await page.setViewportSize({ width, height: 900 });
        const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        if (scroll > client + 1) wide.push(`${screen.name} at ${width}: ${scroll} px`);
      }
    }
    expect(wide, 'screens wider than the window').toEqual([]);
  });

  test('knob labels, option values and labels, units and descriptions of 3,000 unbroken characters: the knobs screen keeps its width', async ({ page, request }) => {
    await plant(request, [{ path: 'knob-schema$', keys: ['label', 'description', 'unit', 'value', 'null_label', 'plugin'], texts: [unbrokenText(3_000)] }]);
    for (const group of ['trigger', 'strategy', 'summarize']) {
      await page.goto(`/sessions/ses_gen_refactor/knobs?agent=primary&group=${group}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.kf').first()).toBeVisible({ timeout: 15_000 });
      await atWidths(page, () => expectNoHorizontalOverflow(page));
    }
  });

  test('the not-found page for a 4,000-character path keeps its width and names the path in full on request', async ({ page }) => {
    const path = `/${'p'.repeat(4_000)}`;
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Nothing here' })).toBeVisible();
    await atWidths(page, () => expectNoHorizontalOverflow(page));
  });
});
