/**
 * The fault matrix (issue 11): every endpoint the UI calls × every fault. Reads: one page load per
 * (screen × fault), the fault on all of the screen's reads, each page its own browser context with
 * the simulator's per-request fault header, all cases in one pool. Writes (flag, note, knob save,
 * manual-compact preview and commit, checkpoint approve and reject, rollback): each fault during
 * the write, and the operator's edit must still be there (fault-matrix-writes.spec.ts, which
 * prints the lost edits). The live
 * stream: dropped and the daemon restarted under every screen at once. Prints the counts.
 *
 * The list of endpoints is the contract's: a test visits every screen, records what it calls, and
 * fails naming any contract operation with no screen and no case.
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { dropSockets, resetDaemon, restartDaemon } from './support/daemon';
import { brief, expectNamedFailure, failureMessages, faultReads, faultRequests, OPERATIONS, operationOf, pool, READ_FAULTS, SHELL_READS, type ReadFault } from './support/fault-matrix';
import { SCREENS, type Screen } from './support/screens';
import { expectLive } from './support/ui';

/** Operations no screen reads on load, and the case that covers each. */
const COVERED_ELSEWHERE: Record<string, string> = {
  'GET /health': 'the shell reads × every fault (below); the daemon probe: e2e/outage.spec.ts',
  'POST /events/ticket': 'the live stream: dropped and restarted below',
  'GET /events': 'the live stream catching up after a drop or a restart, below',
  'PATCH /sessions/{session_id}/compactions/{compaction_id}': 'flag and note writes × every fault (fault-matrix-writes.spec.ts)',
  'POST /sessions/{session_id}/compact': 'the manual-compact commit × every fault (fault-matrix-writes.spec.ts)',
  'POST /sessions/{session_id}/compactions/dry-run': 'the manual-compact preview × every fault (fault-matrix-writes.spec.ts); read by the compact-dialog screen in the first test',
  'GET /sessions/{session_id}/compactions/dry-run/{proposal_id}/messages': "the rest of a manual-compact preview answered in part × every fault (fault-matrix-writes.spec.ts)",
  'PUT /sessions/{session_id}/compaction-config': 'the knob save × every fault (fault-matrix-writes.spec.ts)',
  'PUT /model-windows': "a model's window override saved from the agents table × every fault (fault-matrix-writes.spec.ts)",
  'POST /sessions/{session_id}/checkpoints/{checkpoint_id}/resume': 'checkpoint approve and reject × every fault (fault-matrix-writes.spec.ts)',
  'POST /sessions/{session_id}/checkpoints/{checkpoint_id}/rollback': 'rollback × every fault (fault-matrix-writes.spec.ts); its preview (dry_run) in the rollback dialog',
  'GET /sessions/{session_id}/messages': "the rollback dialog's preview (not faulted here)",
  'GET /plugins/{plugin_name}/knob-schema': 'the knobs screen of an agent with a plugin (the knobs screen here shows the built-in schema; not faulted here)',
  'POST /sessions/{session_id}/replay': 'the threshold lab run (a read-only replay; its failure is the lab\'s own e2e)',
};

/**
 * Screens with no reads of their own (only the shell's: checked by the first test). The compact
 * dialog's reads are the session page's (cached): its faults are the writes'.
 */
const NO_OWN_READS = ['settings', 'not-found'];

/**
 * The top bar's spiral watch reads the fleet's spirals on every screen once its first screen is
 * drawn (src/app/spiral-watch.ts): a shell read, made later than the others, so a visit waits for it.
 */
const SPIRAL_WATCH = 'GET /compaction-health/spirals';
const READ_SCREENS = SCREENS.filter((s) => s.open === undefined && !NO_OWN_READS.includes(s.name));

/**
 * One browser context per screen, shared by its cases (each case its own page): a warm HTTP cache
 * spares every case downloading and compiling the app again. Reduced motion: the skeletons' shimmer
 * would otherwise repaint every page of the pool while it waits.
 */
const contexts = new Map<string, Promise<BrowserContext>>();
function contextFor(browser: Browser, info: TestInfo, key: string): Promise<BrowserContext> {
  if (!contexts.has(key)) contexts.set(key, browser.newContext({ baseURL: info.project.use.baseURL, viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' }));
  return contexts.get(key)!;
}

/**
 * The context a case runs in: its screen's, but a timed-out case's of its own. Chromium opens at
 * most six connections to a host per context, and a timed-out case holds its reads open until the
 * client gives up (15 s, twice): beside it in one context, another case's reads (and the app's
 * files) waited in line, and the first cases of the 500 fault, which run beside the timeouts,
 * missed their time limit (their second try, in another context, passed).
 */
function caseContext(screen: string, fault: ReadFault): string {
  return fault.spec === 'timeout' ? `${screen} × timeout` : screen;
}

async function newPage(context: BrowserContext): Promise<{ page: Page; pageErrors: Error[] }> {
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { page, pageErrors };
}

/**
 * Runs `visit` on a new page of the screen's context; once more in a fresh context if it fails (a
 * busy machine can stall one page load). Returns null when it passed, else what went wrong each
 * time; a case that passed only on its second try is printed with its first failure.
 */
async function twice(
  browser: Browser,
  info: TestInfo,
  contextKey: string,
  what: string,
  visit: (opened: Awaited<ReturnType<typeof newPage>>) => Promise<void>,
  attempts = 2,
): Promise<string | null> {
  const tries: string[] = [];
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const context = attempt === 1 ? await contextFor(browser, info, contextKey) : await contextFor(browser, info, `${what} (again)`);
    const opened = await newPage(context);
    try {
      await visit(opened);
      expect(opened.pageErrors.map(String), 'page errors').toEqual([]);
      if (tries.length > 0) console.log(`fault matrix: ${what} passed on its second try; the first: ${tries[0]}`);
      return null;
    } catch (error) {
      tries.push(brief(error));
    } finally {
      await opened.page.close().catch(() => undefined);
    }
  }
  return tries.map((t, i) => `try ${i + 1}: ${t}`).join(' | ');
}

/**
 * Cases that fail today for reasons outside this suite's owner's area, each with what is wrong;
 * they are printed (and counted) on every run instead of failing it, until fixed. A case not
 * listed here fails the test.
 */
const KNOWN: Record<string, Record<string, string>> = {};

test.afterEach(async () => {
  await Promise.all([...contexts.values()].map(async (context) => (await context).close()));
  contexts.clear();
});

/** Read cases side by side (besides the timed-out ones, which all run at once): most of a case is waiting for a retry. */
const READ_CONCURRENCY = 8;

/** The screen shows its data; several pages load side by side on a busy machine, so this may take a while. */
async function ready(screen: Screen, page: Page): Promise<void> {
  await expect(async () => screen.ready(page)).toPass({ timeout: 40_000, intervals: [250] });
}

test('every endpoint the UI calls has a screen or a case', async ({ browser, request }, info) => {
  test.setTimeout(240_000);
  await resetDaemon(request);
  const seen = new Map<string, Set<string>>();
  const ownReads = new Map<string, Set<string>>();
  const failed: string[] = [];
  await pool(SCREENS, 4, async (screen) => {
    // What one visit saw; kept only from the visit that passed.
    let calls: { op: string; own: boolean }[] = [];
    const failure = await twice(browser, info, screen.name, `the visit of ${screen.name}`, async ({ page }) => {
      calls = [];
      page.on('request', (r) => {
        const op = operationOf(r);
        const path = new URL(r.url()).pathname.replace(/^.*\/api\/v1/, '');
        if (op) calls.push({ op: op.key, own: r.method() === 'GET' && !SHELL_READS.test(path) && op.key !== SPIRAL_WATCH });
        else if (/\/api\/v1\//.test(r.url()) && !/\/__mock\//.test(r.url())) calls.push({ op: `NOT IN THE CONTRACT: ${r.method()} ${r.url()}`, own: false });
      });
      let step = 'its address';
      try {
        const path = await screen.path(request);
        step = `loading ${path}`;
        await page.goto(path);
        step = 'waiting for its data (ready)';
        await ready(screen, page);
        if (screen.open) {
          step = 'opening what it is about (open)';
          await screen.open(page);
        }
        step = "the top bar's spiral watch (its read after the first screen)";
        await expect.poll(() => calls.some((c) => c.op === SPIRAL_WATCH), { timeout: 20_000 }).toBe(true);
      } catch (error) {
        throw new Error(`${step}: ${brief(error)}`);
      }
    });
    if (failure) {
      failed.push(`${screen.name}: ${failure}`);
      return;
    }
    for (const { op, own } of calls) {
      seen.set(op, (seen.get(op) ?? new Set()).add(screen.name));
      if (own) ownReads.set(screen.name, (ownReads.get(screen.name) ?? new Set()).add(op));
    }
  });
  const table = OPERATIONS.map((op) => `${op.key} ← ${[...(seen.get(op.key) ?? [])].join(', ') || COVERED_ELSEWHERE[op.key] || 'NOTHING'}`);
  console.log(`endpoints the UI calls, and by whom:\n  ${table.join('\n  ')}`);
  const problems = [...failed.map((f) => `screen failed twice: ${f}`)];
  for (const key of seen.keys()) if (key.startsWith('NOT IN THE CONTRACT')) problems.push(`a request outside the contract: ${key} (by ${[...seen.get(key)!].join(', ')})`);
  const visited = (name: string) => !failed.some((f) => f.startsWith(`${name}:`));
  if (failed.length === 0) {
    for (const op of OPERATIONS) if (!seen.has(op.key) && COVERED_ELSEWHERE[op.key] === undefined) problems.push(`a contract operation with no screen and no fault case: ${op.key}`);
  }
  // The screens left out of the read matrix read nothing but the shell's; every other screen reads something of its own.
  for (const name of NO_OWN_READS) if (visited(name) && ownReads.has(name)) problems.push(`${name} reads of its own, so it belongs in the read matrix: ${[...ownReads.get(name)!].join(', ')}`);
  for (const screen of READ_SCREENS) if (visited(screen.name) && !ownReads.has(screen.name)) problems.push(`${screen.name} reads nothing of its own (a screen of the read matrix must)`);
  expect(problems, `every endpoint has a screen or a case:\n  ${problems.join('\n  ')}`).toEqual([]);
});

/**
 * One case: the screen opened with the fault on all of its reads, the failure named, the fault
 * cleared, and the screen recovered (by itself, or on the operator's Retry).
 */
async function readCase(screen: Screen, fault: ReadFault, page: Page, request: APIRequestContext): Promise<void> {
  let step = 'its address';
  try {
    const path = await screen.path(request);
    const clear = await faultReads(page, fault.spec);
    step = `loading ${path} with the fault`;
    await page.goto(path);
    step = 'a message naming what failed';
    // A timeout fails after the client's limit (15 s), tried once more.
    await expectNamedFailure(page, fault.spec === 'timeout' ? 60_000 : 20_000);
    await clear();
    if (fault.recoversItself) {
      step = 'recovering by itself (no click) once the daemon answers';
      await ready(screen, page);
    } else {
      // Another read would say the same: recovered by the operator's Retry (or a reload, for a page whose subject was not found).
      step = 'still saying it failed (no read by itself)';
      await expectNamedFailure(page, 1_000);
      step = 'recovering on Retry';
      const retry = page.getByRole('button', { name: 'Retry' });
      if ((await retry.count()) === 0) await page.reload();
      // Every failed panel's Retry, one after the other (a click may re-render the others), until none is left.
      await expect(async () => {
        for (let left = await retry.count(); left > 0; left = await retry.count()) await retry.first().click({ timeout: 5_000 });
        await expect(retry).toHaveCount(0, { timeout: 2_000 });
      }).toPass({ timeout: 60_000, intervals: [250] });
      await ready(screen, page);
    }
    step = 'no failure message left';
    // As long as the other waits of a case: with every timed-out case running at once beside the rest
    // (CI: threshold-lab × timeout left its messages for over 7 s twice, and passes alone in 38 s).
    await expect(failureMessages(page).filter({ visible: true })).toHaveCount(0, { timeout: 20_000 });
  } catch (error) {
    throw new Error(`${step}: ${brief(error)}`);
  }
}

test('reads × every fault: every screen names what failed and recovers (by itself where a read may pass, else on Retry)', async ({ browser, request }, info) => {
  test.setTimeout(600_000);
  await resetDaemon(request);
  const counts = { cases: 0, known: 0 };
  const failures: string[] = [];
  const run = async ({ screen, fault }: { screen: Screen; fault: ReadFault }) => {
    const what = `${screen.name} × ${fault.name}`;
    const known = KNOWN[fault.name]?.[screen.name];
    // A known failure fails every time: once is enough.
    const began = Date.now();
    const failure = await twice(browser, info, caseContext(screen.name, fault), what, ({ page }) => readCase(screen, fault, page, request), known ? 1 : 2);
    if (process.env.FAULT_MATRIX_TIMES) console.log(`${what}: ${((Date.now() - began) / 1000).toFixed(1)} s${failure ? ` FAILED ${failure}` : ''}`);
    counts.cases += 1;
    if (failure === null) return;
    if (known) {
      counts.known += 1;
      console.log(`fault matrix, known failure: ${what}: ${known}`);
    } else failures.push(`${what}: ${failure}`);
  };
  // FAULT_MATRIX_CASES=session,health runs only the cases whose "screen × fault" name contains one of these.
  const only = process.env.FAULT_MATRIX_CASES?.split(',');
  const cases = READ_FAULTS.flatMap((fault) => READ_SCREENS.map((screen) => ({ screen, fault }))).filter(
    ({ screen, fault }) => !only || only.some((o) => `${screen.name} × ${fault.name}`.includes(o)),
  );
  // A timed-out read waits the client's limit twice with the page idle: those cases all run at
  // once, beside the others (which keep the machine busy meanwhile).
  const slow = cases.filter((c) => c.fault.spec === 'timeout');
  const rest = cases.filter((c) => c.fault.spec !== 'timeout');
  await Promise.all([pool(slow, slow.length, run), pool(rest, READ_CONCURRENCY, run)]);
  console.log(
    `fault matrix (reads): ${counts.cases} cases (${READ_SCREENS.length} screens × ${READ_FAULTS.length} read faults), ${counts.known} known failures, ${failures.length} failed; lost edits are counted by the writes' cases (fault-matrix-writes.spec.ts)`,
  );
  if (!only) expect(counts.cases).toBe(READ_SCREENS.length * READ_FAULTS.length);
  expect(failures, `cases failing:\n  ${failures.join('\n  ')}`).toEqual([]);
});

/**
 * The shell's own reads, on a page that needs neither: the project list (the top bar's switcher)
 * and the daemon's health (the connection details), both failing at once. The page's own data
 * shows regardless; the top bar and the details name what failed; both recover once the daemon
 * answers (by itself where a read may pass, else the switcher on its Retry; the health every 30 s).
 */
async function shellCase(fault: ReadFault, page: Page): Promise<void> {
  let step = 'loading /sessions with the fault on GET /projects and GET /health';
  try {
    const clear = await faultReads(page, fault.spec, SHELL_READS);
    await page.goto('/sessions');
    const sessions = SCREENS.find((s) => s.name === 'sessions')!;
    step = "the page's own data, the shell's reads failing";
    await ready(sessions, page);
    step = 'the top bar naming what failed';
    const failed = page.getByRole('banner').getByRole('alert').filter({ hasText: 'Projects not loaded' });
    await expect(failed).toContainText('GET /projects', { timeout: fault.spec === 'timeout' ? 60_000 : 20_000 });
    step = 'the connection details naming what failed, or the page saying the daemon is not answering';
    const details = page.getByRole('dialog').filter({ hasText: 'Daemon' });
    await page.getByRole('button', { name: /^Connection:/ }).click();
    const outage = page.getByRole('alert', { name: 'Daemon not answering' });
    await expect(details.filter({ hasText: 'GET /health' }).or(outage).first()).toBeVisible({ timeout: fault.spec === 'timeout' ? 60_000 : 20_000 });
    await page.keyboard.press('Escape');
    await clear();
    const switcher = page.getByRole('combobox', { name: 'Go to project' });
    if (fault.recoversItself) {
      step = 'the switcher back by itself (no click)';
    } else {
      step = 'still saying the projects failed (no read by itself), then back on its Retry';
      await expect(failed).toBeVisible();
      await failed.getByRole('button', { name: 'Retry projects' }).click();
    }
    await expect(switcher).toBeVisible({ timeout: 20_000 });
    step = "the connection details showing the daemon again (the health is read every 30 s)";
    await page.getByRole('button', { name: /^Connection:/ }).click();
    await expect(details).toContainText(/kaged [^·]+ · /, { timeout: 40_000 });
    await expect(outage).toHaveCount(0);
    await ready(sessions, page);
  } catch (error) {
    throw new Error(`${step}: ${brief(error)}`);
  }
}

test("shell reads (projects, health) × every fault: the top bar and the connection details say what failed, the page works on, both recover", async ({ browser, request }, info) => {
  test.setTimeout(240_000);
  await resetDaemon(request);
  const failures: string[] = [];
  // Each case mostly waits (the client's time limit, the health's 30 s): all at once.
  await pool(READ_FAULTS, READ_FAULTS.length, async (fault) => {
    const failure = await twice(browser, info, caseContext('shell', fault), `shell reads × ${fault.name}`, ({ page }) => shellCase(fault, page));
    if (failure !== null) failures.push(`shell reads × ${fault.name}: ${failure}`);
  });
  console.log(`fault matrix (shell reads): ${READ_FAULTS.length} cases (GET /projects and GET /health together × ${READ_FAULTS.length} faults), ${failures.length} failed`);
  expect(failures, `cases failing:\n  ${failures.join('\n  ')}`).toEqual([]);
});

test('stream × dropped and daemon restart: every screen stays usable and follows the stream again', async ({ browser, request }, info) => {
  test.setTimeout(180_000);
  await resetDaemon(request);
  let cases = 0;
  const screens = READ_SCREENS;
  const pages = await pool(screens, 4, async (screen) => {
    const opened = await newPage(await contextFor(browser, info, screen.name));
    await opened.page.goto(await screen.path(request));
    await ready(screen, opened.page);
    // Four pages load at once on 2 cores: the live stream's chunk and socket may take more than the default 7 s.
    await expectLive(opened.page, 25_000);
    return { screen, ...opened };
  });
  const failures: string[] = [];
  const check = async (what: string) =>
    pool(pages, 4, async ({ screen, page, pageErrors }) => {
      try {
        // Back to Live by itself: after the 3 s refusal the next reconnect attempt may be 2-4 s away
        // (capped exponential backoff with jitter), and twelve pages resync at once on 2 cores.
        await expectLive(page, 25_000);
        await ready(screen, page);
        await expect(failureMessages(page).filter({ visible: true })).toHaveCount(0);
        expect(pageErrors.map(String), 'page errors').toEqual([]);
      } catch (error) {
        failures.push(`${screen.name} after ${what}: ${String(error).split('\n').slice(0, 3).join(' ')}`);
      } finally {
        cases += 1;
      }
    });
  // Each page must see the stream go (the daemon refuses new sockets for 3 s), then follow it again.
  // Twelve pages on a busy machine: the state away from Live can be brief, so each page records
  // every status its indicator shows (a MutationObserver) and the test reads the record.
  const watchStatus = async () =>
    Promise.all(
      pages.map(({ page }) =>
        page.evaluate(() => {
          const seen: string[] = [];
          (window as unknown as { __statuses: string[] }).__statuses = seen;
          const read = () => {
            const status = document.querySelector('[aria-label^="Connection:"]')?.getAttribute('data-status');
            if (status && seen[seen.length - 1] !== status) seen.push(status);
          };
          new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
        }),
      ),
    );
  const leaveLive = async () =>
    Promise.all(
      pages.map(({ page }) =>
        expect
          .poll(() => page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses.some((s) => s !== 'live')), { timeout: 10_000 })
          .toBe(true),
      ),
    );
  await watchStatus();
  await dropSockets(request, 3_000);
  await leaveLive();
  await check('a dropped stream');
  await watchStatus();
  await restartDaemon(request, 3_000);
  await leaveLive();
  await check('a daemon restart');
  console.log(`fault matrix (stream): ${cases} cases (${screens.length} screens × dropped stream, daemon restart), ${failures.length} failed`);
  expect(failures, `screens failing:\n  ${failures.join('\n  ')}`).toEqual([]);
});

/**
 * Silent failures (issue 27): one read failing on its own while the screen shows something else in
 * its place (the ledger's copy of a record, a session id for its title, an empty plugin or prompt
 * list). Each must still be said, naming the endpoint, with a Retry. Counted; the goal is 0.
 */
const SILENT_CASES: Array<{ screen: string; endpoint: string; path: RegExp; open: (page: Page, request: APIRequestContext) => Promise<void> }> = (() => {
  const session = 'ses_gen_refactor';
  const fromLedger = async (page: Page) => {
    // The record opened from the ledger: its copy is in the cache before the record's own read fails.
    await page.goto(`/sessions/${session}`);
    const row = page.locator('[data-compaction-id]').first();
    await expect(row).toBeVisible({ timeout: 20_000 });
    await page.goto(`/sessions/${session}/compactions/${await row.getAttribute('data-compaction-id')}`);
  };
  const detail = async (page: Page, request: APIRequestContext) => {
    const screen = SCREENS.find((s) => s.name === 'compaction-detail')!;
    await page.goto(await screen.path(request));
  };
  return [
    { screen: 'compaction-detail', endpoint: 'GET /sessions/{session_id}/compactions/{compaction_id}', path: /^\/sessions\/[^/]+\/compactions\/cmp_[^/]+$/, open: fromLedger },
    { screen: 'compaction-detail', endpoint: 'GET /sessions/{session_id}', path: /^\/sessions\/[^/]+$/, open: detail },
    { screen: 'compaction-detail', endpoint: 'GET /sessions/{session_id}/compactions', path: /^\/sessions\/[^/]+\/compactions$/, open: detail },
    { screen: 'knobs', endpoint: 'GET /prompts', path: /^\/prompts$/, open: async (page, request) => void (await page.goto(await SCREENS.find((s) => s.name === 'knobs')!.path(request))) },
    { screen: 'compactions', endpoint: 'GET /plugins', path: /^\/plugins$/, open: async (page) => void (await page.goto('/compactions')) },
    { screen: 'review-queue', endpoint: 'GET /plugins', path: /^\/plugins$/, open: async (page) => void (await page.goto('/review?plugin=hindsight')) },
  ];
})();
const SILENT_FAULTS = ['status:500', 'malformed', 'status:403'];

test('silent failures: one read failing beside what stands in for it is said, naming it, with a Retry (count, goal 0)', async ({ browser, request }, info) => {
  test.setTimeout(300_000);
  await resetDaemon(request);
  const silent: string[] = [];
  const cases = SILENT_CASES.flatMap((c) => SILENT_FAULTS.map((fault) => ({ ...c, fault })));
  await pool(cases, 4, async (c) => {
    const what = `${c.screen} × ${c.endpoint} × ${c.fault}`;
    const failure = await twice(browser, info, `silent ${c.screen}`, what, async ({ page }) => {
      const set = faultRequests(page, { method: 'GET', path: c.path.source });
      await set(c.fault);
      await c.open(page, request);
      const said = page.locator('.state--error').filter({ hasText: c.endpoint });
      await expect(said.first()).toBeVisible({ timeout: 20_000 });
      await expect(said.first().getByRole('button', { name: 'Retry' })).toBeVisible();
      await set(null);
      await said.first().getByRole('button', { name: 'Retry' }).click();
      await expect(said).toHaveCount(0, { timeout: 20_000 });
    });
    if (failure !== null) silent.push(`${what}: ${failure}`);
  });
  console.log(`fault matrix (silent failures): ${cases.length} cases, ${silent.length} silent`);
  expect(silent, `silent failures:\n  ${silent.join('\n  ')}`).toEqual([]);
});

test('a hung endpoint is named within seconds, while its request keeps waiting (time to a named message)', async ({ browser, request }, info) => {
  test.setTimeout(120_000);
  await resetDaemon(request);
  const context = await contextFor(browser, info, 'hung');
  const { page } = await newPage(context);
  const set = faultRequests(page, { method: 'GET', path: '^/sessions/[^/]+/compaction-stats$' });
  await set('timeout');
  await page.goto('/sessions/ses_gen_refactor');
  const began = Date.now();
  const named = page.getByRole('status', { name: 'Still waiting for the daemon' }).filter({ hasText: 'GET /sessions/{session_id}/compaction-stats' });
  await expect(named).toBeVisible({ timeout: 30_000 });
  const seconds = (Date.now() - began) / 1000;
  console.log(`fault matrix (hung endpoint): GET /sessions/{session_id}/compaction-stats named after ${seconds.toFixed(1)} s (the client's time limit: 15 s)`);
  expect(seconds, "named before the client gives up on it").toBeLessThan(15);
  // Still waiting: no failure said yet for it.
  await expect(page.locator('.state--error').filter({ hasText: 'compaction-stats' })).toHaveCount(0);
  await set(null);
});
