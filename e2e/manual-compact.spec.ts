import { expect, test, type Locator, type Page } from '@playwright/test';
import { API, apiGet, clearFaults, injectFaults, resetDaemon, resetDaemonAtBenchScale } from './support/daemon';
import { expectLive, panel, setThreshold } from './support/ui';

/** The Claude Code transcript with two agents and parallel tool calls. */
const REAL = 'ses_4d5611e5-241';

interface Page1<T> {
  items: T[];
  total: number;
}
interface RecordLite {
  id: string;
  strategy: string;
  trigger: string;
  window_upper: number;
  window_lower: number;
  fallback_reason: string | null;
}

async function eventCount(request: Parameters<typeof apiGet>[0], sessionId: string): Promise<number> {
  return (await apiGet<Page1<RecordLite>>(request, `/sessions/${sessionId}/compactions?limit=1`)).total;
}

async function openCompact(page: Page, sessionId: string, { live = false, loadMs = 7_000 } = {}): Promise<Locator> {
  await page.goto(`/sessions/${sessionId}`);
  // The live stream carries the committed event to the ledger (checked before the modal hides the page).
  if (live) await expectLive(page);
  await page.getByRole('button', { name: 'Compact…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compact' });
  await expect(dialog.getByRole('slider', { name: 'Upper threshold' })).toBeVisible({ timeout: loadMs });
  return dialog;
}

/** Idempotency keys of the POST /sessions/{id}/compact requests the page sends. */
function watchCommits(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/sessions\/[^/]+\/compact$/.test(new URL(r.url()).pathname)) keys.push(r.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

test('previews two strategies on a real transcript, compares them, commits one with a double click: one new event', async ({ page, request }) => {
  await resetDaemon(request);
  const before = await eventCount(request, REAL);
  const keys = watchCommits(page);
  const dialog = await openCompact(page, REAL, { live: true });

  // Pre-filled from the agent's config: its own strategy, the default thresholds.
  await expect(dialog.getByRole('radio', { name: 'summarize' })).toHaveAttribute('data-state', 'on');
  await expect(dialog.getByRole('slider', { name: 'Upper threshold' })).toHaveAttribute('aria-valuenow', '0.85');
  const commit = dialog.getByRole('button', { name: 'Commit…' });
  await expect(commit).toBeDisabled();

  // Proposal A: summarize, thresholds lowered for this invocation only (the estimate holds the
  // session's 26k tokens of system prompt and tool definitions: 0.3 is a target a summary reaches).
  await setThreshold(dialog, 'Upper threshold', 0.4);
  await setThreshold(dialog, 'Lower threshold', 0.3);
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  const diff = dialog.getByRole('table', { name: /Dry-run diff/ });
  await expect(diff).toBeVisible();
  await expect(diff.getByText('kept: first operator message').first()).toBeVisible();
  await expect(diff.getByText(/summary · replaces \d+/)).toBeVisible();
  await expect(diff.locator('.diff-cell--before.diff-cell--superseded').first()).toBeVisible();
  await expect(dialog.getByText(/^\d+ parallel$/)).toBeVisible();
  await expect(commit).toBeEnabled();
  await dialog.getByRole('button', { name: 'Pin for comparison' }).click();

  // A long content opens on demand; the unchanged tail is folded and opens too.
  await diff.getByRole('button', { name: /^Show all · \d+ lines/ }).first().click();
  await expect(diff.getByRole('button', { name: 'Show less' })).toBeVisible();
  await diff.focus();
  await page.keyboard.press('End');
  await expect(diff.getByRole('button', { name: /unchanged messages/ })).toBeVisible();

  // Proposal B: drop without a summary. Until it is previewed, Commit is off.
  await dialog.getByRole('radio', { name: 'drop' }).click();
  await dialog.getByRole('switch', { name: 'Summarize' }).click();
  await expect(dialog.getByText(/Settings changed since this preview/)).toBeVisible();
  await expect(commit).toBeDisabled();
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(dialog.getByText(/Settings changed since this preview/)).toBeHidden();
  await expect(commit).toBeEnabled();
  await dialog.getByRole('button', { name: 'Pin for comparison' }).click();

  // Side by side.
  await dialog.getByRole('tab', { name: /Compare proposals/ }).click();
  const table = dialog.getByRole('table', { name: 'Proposals compared' });
  const a = table.getByRole('columnheader', { name: /Proposal A/ });
  const b = table.getByRole('columnheader', { name: /Proposal B/ });
  await expect(a).toContainText('summarize · 40\u00a0% → 30\u00a0%');
  await expect(b).toContainText('drop · 40\u00a0% → 30\u00a0% · no summary');
  await expect(table.getByRole('row', { name: /Tokens after/ })).toContainText('→');
  await expect(table.getByRole('row', { name: /Messages kept/ })).toContainText('of 162');
  await expect(table.getByRole('row', { name: /Estimated cost/ })).toContainText('better');

  // Commit B, confirming, with a double click: one request, one compaction.
  await b.getByRole('button', { name: 'Commit this…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Commit this compaction?' });
  await expect(confirm).toContainText('primary');
  await expect(confirm).toContainText('drop');
  await expect(confirm).toContainText('upper 40\u00a0% · lower 30\u00a0%');
  await confirm.getByRole('button', { name: 'Commit compaction' }).dblclick();
  const outcome = dialog.locator('[data-outcome="completed"]');
  await expect(outcome).toContainText('Compacted.');
  await expect.poll(() => eventCount(request, REAL)).toBe(before + 1);
  expect(keys.length).toBeGreaterThanOrEqual(1);
  expect(new Set(keys).size).toBe(1);
  const newest = (await apiGet<Page1<RecordLite>>(request, `/sessions/${REAL}/compactions?limit=1&sort=-created_at`)).items[0];
  expect(newest).toMatchObject({ strategy: 'drop', trigger: 'operator_manual', window_upper: 0.4, window_lower: 0.3 });
  await expect(outcome.getByRole('link', { name: new RegExp(newest!.id) })).toBeVisible();

  // The preview is spent: another commit needs another preview.
  await expect(commit).toBeDisabled();

  // The committed event is in the ledger, live.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(panel(page, 'Ledger')).toContainText(`${before + 1} events`);
  await expect(eventCount(request, REAL)).resolves.toBe(before + 1);
});

test('compare keeps three proposals; a fourth is refused with a word, none dropped', async ({ page, request }) => {
  await resetDaemon(request);
  const dialog = await openCompact(page, REAL);
  const pin = dialog.getByRole('button', { name: 'Pin for comparison' });
  const propose = async (upper: number, lower: number) => {
    await setThreshold(dialog, 'Upper threshold', upper);
    await setThreshold(dialog, 'Lower threshold', lower);
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(dialog.getByText(/Settings changed since this preview/)).toBeHidden();
    await expect(dialog.getByRole('button', { name: /^(Pin for comparison|Pinned)$/ })).toBeVisible();
  };
  for (const [upper, lower] of [[0.5, 0.3], [0.45, 0.3], [0.4, 0.3]] as const) {
    await propose(upper, lower);
    await pin.click();
    await expect(dialog.getByRole('button', { name: 'Pinned' })).toBeDisabled();
  }
  await propose(0.35, 0.3);
  await expect(pin).toBeDisabled();
  await expect(dialog.getByRole('status').filter({ hasText: '3 proposals are pinned, the most compared at once: unpin one' })).toBeVisible();

  await dialog.getByRole('tab', { name: /Compare proposals/ }).click();
  await expect(dialog.getByRole('tab', { name: /Compare proposals/ })).toContainText('3 pinned');
  const table = dialog.getByRole('table', { name: 'Proposals compared' });
  await expect(table.getByRole('columnheader', { name: /Proposal A/ })).toContainText('50\u00a0% → 30\u00a0%');
  await expect(table.getByRole('columnheader', { name: /Proposal B/ })).toContainText('45\u00a0% → 30\u00a0%');
  await expect(table.getByRole('columnheader', { name: /Proposal C/ })).toContainText('40\u00a0% → 30\u00a0%');
  await expect(table.getByRole('columnheader', { name: /Current preview/ })).toContainText('35\u00a0% → 30\u00a0%');

  // Unpinning one makes room: the current preview pins, the other two stay.
  await table.getByRole('button', { name: 'Unpin Proposal A' }).click();
  await expect(pin).toBeEnabled();
  await pin.click();
  await expect(dialog.getByRole('tab', { name: /Compare proposals/ })).toContainText('3 pinned');
  await expect(table.getByRole('columnheader', { name: /Proposal A/ })).toContainText('45\u00a0% → 30\u00a0%');
  await expect(table.getByRole('columnheader', { name: /Proposal C/ })).toContainText('35\u00a0% → 30\u00a0%');
});

test('a commit whose outcome is unknown is retried with the same key and compacts once; the fallback is reported', async ({ page, request }) => {
  await resetDaemon(request);
  // The session's delegate plugin is set to time out: the pipeline falls back to drop.
  const sessionId = 'ses_gen_flaky';
  const config = await apiGet<{ version: number }>(request, `/sessions/${sessionId}/compaction-config?agent_path=primary`);
  const put = await request.put(`${API}/sessions/${sessionId}/compaction-config?agent_path=primary`, {
    data: { version: config.version, set: { 'plugin_knobs.hindsight.simulate_failure': 'timeout', 'delegate.timeout_ms': 1_500 }, unset: [] },
  });
  expect(put.status()).toBe(200);
  const before = await eventCount(request, sessionId);
  const keys = watchCommits(page);
  const dialog = await openCompact(page, sessionId);
  await expect(dialog.getByRole('radio', { name: 'delegate' })).toHaveAttribute('data-state', 'on');
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(dialog.getByRole('table', { name: /Dry-run diff/ })).toBeVisible();
  await expect(dialog.getByText('compactor timed out after 1500 ms')).toBeVisible();

  // The daemon commits, but its answer breaks the contract on the way back, and the session cannot be
  // read again to tell: the outcome is unknown.
  await injectFaults(request, [
    { method: 'POST', path: '^/sessions/[^/]+/compact$', fault: 'invalid', times: 1 },
    { method: 'GET', path: `^/sessions/${sessionId}$`, fault: 'status:500' },
  ]);
  await dialog.getByRole('button', { name: 'Commit…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Commit compaction' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: "The commit's outcome is unknown." })).toContainText('Committing again is safe', { timeout: 20_000 });
  await clearFaults(request);
  // Inputs are kept; committing again sends the same key and gets the first result back.
  await expect(dialog.getByRole('radio', { name: 'delegate' })).toHaveAttribute('data-state', 'on');
  await dialog.getByRole('button', { name: 'Commit…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Commit compaction' }).click();
  const outcome = dialog.locator('[data-outcome="completed"]');
  await expect(outcome).toContainText('Compacted, with a fallback.');
  await expect(outcome).toContainText('Fell back: compactor timed out after 1500 ms');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBe(keys[1]);
  expect(await eventCount(request, sessionId)).toBe(before + 1);
});

test('a proposal that supersedes nothing is not offered for commit, and the thresholds are checked', async ({ page, request }) => {
  await resetDaemon(request);
  // The always-keep set alone overflows this window.
  const sessionId = 'ses_gen_overflow';
  const before = await eventCount(request, sessionId);
  const dialog = await openCompact(page, sessionId);

  await setThreshold(dialog, 'Lower threshold', 0.9);
  await expect(dialog.getByRole('alert').filter({ hasText: 'The lower threshold must be below the upper one' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(dialog.getByText('No preview yet')).toBeVisible();
  await dialog.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(dialog.getByRole('slider', { name: 'Lower threshold' })).toHaveAttribute('aria-valuenow', '0.6');

  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(dialog.getByRole('table', { name: /Dry-run diff/ })).toBeVisible();
  await expect(dialog.getByText('No changes')).toBeVisible();
  await expect(dialog.getByText('still above the upper threshold')).toBeVisible();
  // A proposal that supersedes nothing is not offered for commit; the footer says why.
  await expect(dialog.locator('.mc-footer__status')).toContainText('Nothing to compact: the strategy supersedes no message');
  await expect(dialog.getByRole('button', { name: 'Commit…' })).toBeDisabled();
  expect(await eventCount(request, sessionId)).toBe(before);
});

interface SessionLite {
  id: string;
  source: { kind: string };
  compaction_pending: boolean;
  primary_context: { estimate_tokens: number; lower_threshold: number; window: { tokens: number } } | null;
}

test('a dry run below the lower target says there is nothing to compact, in the figures the header shows, and offers no commit', async ({ page, request }) => {
  await resetDaemon(request);
  // An imported session whose context already sits at or below its lower target (read from the API, not assumed).
  const sessions = await apiGet<Page1<SessionLite>>(request, '/sessions?limit=100');
  const below = sessions.items.find((s) => {
    const c = s.primary_context;
    return s.source.kind !== 'generated' && !s.compaction_pending && c !== null && c.estimate_tokens <= Math.floor(c.lower_threshold * c.window.tokens);
  });
  expect(below, 'an imported session below its lower target').toBeDefined();
  const sessionId = below?.id ?? '';
  const before = await eventCount(request, sessionId);

  // The figures as the session header writes them: "43.7k / 131k", and the lower target in its description.
  await page.goto(`/sessions/${sessionId}`);
  const bar = page.locator('.session-header .context-bar');
  const [estimate] = ((await bar.locator('.context-bar__tokens').textContent()) ?? '').split(' / ');
  const target = /compacts down to [^(]*\(([^)]+)\)/.exec((await bar.getAttribute('title')) ?? '')?.[1];
  expect(estimate && target, 'the header shows the estimate and the lower target').toBeTruthy();

  const dialog = await openCompact(page, sessionId);
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(dialog.getByRole('table', { name: /Dry-run diff/ })).toBeVisible();
  await expect(dialog.locator('.mc-footer__status')).toHaveText(`Nothing to compact: already below the lower target, ${estimate?.trim()} of ${target} tokens.`);
  await expect(dialog.getByText(/^Ready/)).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Commit…' })).toBeDisabled();
  expect(await eventCount(request, sessionId)).toBe(before);
});

test('a session waiting for approval refuses a manual commit and points to the proposal', async ({ page, request }) => {
  await resetDaemon(request);
  const dialog = await openCompact(page, 'ses_gen_review');
  await expect(dialog.getByText(/A compaction proposal is waiting for approval/)).toBeVisible();
  await dialog.getByRole('radiogroup', { name: 'Strategy' }).getByRole('radio', { name: 'drop' }).click();
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(dialog.getByRole('table', { name: /Dry-run diff/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Commit…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Commit compaction' }).click();
  const error = dialog.getByRole('alert').filter({ hasText: 'Commit failed.' });
  await expect(error).toContainText('resolve that checkpoint first');
  await error.getByRole('link', { name: /Review checkpoint/ }).click();
  await expect(page).toHaveURL(/\/sessions\/ses_gen_review\/checkpoints\/chk_/);
  await expect(page.getByRole('heading', { name: 'Compaction proposal' })).toBeVisible();
});

test('a 10,000-message dry run renders a virtual window and jumps between changes', async ({ page, request }) => {
  // The bench-scale reset seeds 100,000 records and 10,000 messages: slower than the others.
  test.setTimeout(90_000);
  await resetDaemonAtBenchScale(request);
  // The form waits for the 10,000-message agent's settings and estimate: on a loaded CI machine over 7 s.
  const dialog = await openCompact(page, 'ses_bench_10k', { loadMs: 30_000 });
  await setThreshold(dialog, 'Upper threshold', 0.5);
  await setThreshold(dialog, 'Lower threshold', 0.3);
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  const diff = dialog.getByRole('table', { name: /Dry-run diff/ });
  await expect(diff).toBeVisible();
  const shownAfter = Date.now() - started;
  await expect(dialog.getByText('of 10,000')).toBeVisible();
  // Virtualised: a few dozen rows in the DOM, not ten thousand.
  expect(await diff.getByRole('row').count()).toBeLessThan(80);
  await diff.focus();
  await page.keyboard.press('n');
  await expect(dialog.getByText(/^Change 1 of \d+$/)).toBeVisible();
  await page.keyboard.press('End');
  await expect(diff.getByRole('row').last()).toBeVisible();
  test.info().annotations.push({ type: 'timing', description: `10,000-message preview shown in ${shownAfter} ms (request + align + render)` });
  console.log(`10,000-message preview shown in ${shownAfter} ms (request, contract check, align, first render)`);
});

test("Escape while the dialog's code is still loading closes it, and it opens again", async ({ page }) => {
  // The dialog's chunk is held until Escape has been pressed on its loading frame.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/manual-compact-dialog-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/sessions/${REAL}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Compact…' }).click();
  const loading = page.getByRole('dialog', { name: 'Compact (loading)' });
  await expect(loading).toBeVisible();
  await expect(loading).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const arrived = page.waitForResponse(/manual-compact-dialog-[^/]*\.js$/);
  release();
  await arrived;
  // The code arriving later does not reopen it; the button opens the real dialog.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Compact…' }).click();
  await expect(page.getByRole('dialog', { name: 'Compact', exact: true }).getByRole('slider', { name: 'Upper threshold' })).toBeVisible();
});
