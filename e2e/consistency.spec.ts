import { expect, test } from '@playwright/test';
import { formatPercent, formatTokens, formatUsd } from '../src/domain/format';
import { ledgerRow, listCompactions } from './support/compactions';
import { countsAsTokens, eventField, exportedRow, ledgerCell, openSession, primaryAgentRow, readBar, reportComparisons, same, sessionHeaderBar, text } from './support/consistency';
import { API, apiGet, resetDaemon } from './support/daemon';
import { parseCsv } from '../src/test-support/parse-csv';
import { panel, sessionRows } from './support/ui';

/**
 * One truth: the same figure reads the same on every screen that shows it, over the production
 * build. Each test reads one state's figures from each screen as an operator sees them (text at the
 * shown precision) and compares them pairwise; the suite prints how many (figure, screen pair)
 * comparisons it made (e2e/README.md gives the count). The readers: support/consistency.ts.
 */

test.afterAll(reportComparisons);

interface SessionLite {
  id: string;
  title: string;
  compaction_count: number;
  pending_checkpoint_id: string | null;
  primary_context: { estimate_tokens: number; window: { tokens: number } };
}

// A generated session, a spiral session of the health view (consistency-spiral.spec.ts reads the rest of its figures), and one
// imported transcript of each format the demo seeds (Claude Code, OpenAI chat).
const CONTEXT_SESSIONS = ['ses_gen_refactor', 'ses_h0003', 'ses_4d5611e5-241', 'ses_astropy-1290'];

test('context now: the sessions list, the agents table and the session header show one figure, in named parts', async ({ page, request }) => {
  await resetDaemon(request);
  for (const id of CONTEXT_SESSIONS) {
    const session = await apiGet<SessionLite>(request, `/sessions/${id}`);
    await page.goto('/sessions');
    const row = sessionRows(page).filter({ has: page.getByRole('link', { name: session.title, exact: true }) });
    const list = await readBar(row.locator('.context-bar'));
    await openSession(page, id);
    const agents = await readBar(primaryAgentRow(page).locator('.context-bar'));
    const header = await readBar(sessionHeaderBar(page));
    same(`${id} context %`, { 'sessions list': list.percent, 'agents table': agents.percent, 'session header': header.percent });
    same(`${id} context tokens`, { 'agents table': agents.tokens!, 'session header': header.tokens! });
    same(`${id} context parts`, { 'sessions list': list.parts, 'agents table': agents.parts });
    // The header names every part in full; the figure is their sum, never a bare total.
    expect(header.parts).toMatch(/messages|no messages kept/);
    expect(header.parts).toContain('output reserve');
  }
});

test('a pending proposal: the review header, its diff and the session header give one before and after', async ({ page, request }) => {
  await resetDaemon(request);
  // The sign-off session's proposal prunes tool outputs first: the diff once read the list before pruning (over 100 %).
  const session = await apiGet<SessionLite>(request, '/sessions/ses_gen_signoff');
  await openSession(page, session.id);
  const header = await readBar(sessionHeaderBar(page));

  await page.goto(`/sessions/${session.id}/checkpoints/${session.pending_checkpoint_id}`);
  const proposal = page.getByTestId('proposal-figures');
  await expect(proposal).toBeVisible({ timeout: 20_000 });
  const [, reviewBefore, reviewAfter] = /context (\S+) → (\S+) tokens/.exec(await text(proposal)) ?? [];
  const diff = page.locator('.diff-totals');
  await expect(diff).toBeVisible({ timeout: 20_000 });
  const bars = diff.locator('.context-bar');
  const diffBefore = await readBar(bars.nth(0));
  const diffAfter = await readBar(bars.nth(1));
  const tokens = await text(diff.getByRole('definition').filter({ hasText: '→' }).first());
  const [, diffTokensBefore, diffTokensAfter] = /^(\S+) → (\S+)/.exec(tokens) ?? [];

  same('proposal context before', {
    'session header': header.tokens!.split(' / ')[0]!,
    'review header': reviewBefore!,
    'diff bar': diffBefore.tokens!.split(' / ')[0]!,
    'diff tokens': diffTokensBefore!,
    'diff sum': await text(diff.locator('[data-figure="before"]')).then((t) => t.replace('before ', '')),
  });
  same('proposal context % before', { 'session header': header.percent, 'diff bar': diffBefore.percent });
  same('proposal context after', {
    'review header': reviewAfter!,
    'diff bar': diffAfter.tokens!.split(' / ')[0]!,
    'diff tokens': diffTokensAfter!,
    'diff sum': await text(diff.locator('[data-figure="after"]')).then((t) => t.replace('after ', '')),
  });
  // The thresholds are percents, as on every screen.
  await expect(proposal).toContainText(/thresholds \d+(\.\d)?\s% → \d+(\.\d)?\s%/);
});

test('a rollback: what the preview predicts is the context the session returns to', async ({ page, request }) => {
  await resetDaemon(request);
  const sessionId = 'ses_gen_memory';
  const points = (await apiGet<{ items: { id: string; reason: string }[] }>(request, `/sessions/${sessionId}/checkpoints`)).items.filter((c) => c.reason === 'pre_compaction');
  const target = points.at(-2)!;
  await openSession(page, sessionId);
  const now = await readBar(sessionHeaderBar(page));
  await panel(page, 'Checkpoints').locator(`[data-checkpoint="${target.id}"]`).getByRole('button', { name: 'Roll back…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll back past a compaction' });
  const predicted = dialog.getByTestId('rollback-context-after');
  await expect(predicted).toBeVisible({ timeout: 20_000 });
  const context = await text(predicted.locator('xpath=..'));
  same('rollback context now', { 'session header': now.tokens!.split(' / ')[0]!, 'rollback dialog': context.split(' → ')[0]! });
  const prediction = await text(predicted);
  // The prediction names its parts: the output reserve is in it, as in the session's own figure.
  expect(context).toContain('reserve');

  await dialog.getByRole('button', { name: 'Roll back…' }).click();
  await page.getByRole('alertdialog', { name: `Roll back to ${target.id}?` }).getByRole('button', { name: 'Roll back', exact: true }).click();
  await expect(dialog.locator('[data-outcome="rolled-back"]')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(sessionHeaderBar(page).locator('.context-bar__tokens')).toHaveText(new RegExp(`^${prediction.replace('.', '\\.')} /`));
  same('rollback context after', {
    'rollback dialog': prediction,
    'session header': (await readBar(sessionHeaderBar(page))).tokens!.split(' / ')[0]!,
  });
});

test('a recorded compaction of an imported Claude Code session: the ledger, the event page and the lab give one before, after, summary and cost', async ({ page, request }) => {
  await resetDaemon(request);
  const sessionId = 'ses_4d5611e5-241';
  const record = (await listCompactions(request, sessionId)).items[0]!;
  await page.goto(`/sessions/${sessionId}`);
  await expect(ledgerRow(page, record.id)).toBeVisible({ timeout: 20_000 });
  const [ledgerBefore, ledgerAfter] = (await ledgerCell(page, record.id, 'Tokens')).split(' → ');
  const ledgerCost = await ledgerCell(page, record.id, 'Cost');
  const csv = await exportedRow(page, parseCsv, record.id);

  await page.goto(`/sessions/${sessionId}/compactions/${record.id}`);
  await expect(eventField(page, 'Tokens')).toBeVisible({ timeout: 20_000 });
  const [eventBefore, eventAfter] = countsAsTokens(await text(eventField(page, 'Tokens')));
  const eventCost = (await text(eventField(page, 'Cost'))).split(' ')[0]!;
  const eventSummary = countsAsTokens(await text(eventField(page, 'Summary')))[0]!;

  await page.goto(`/sessions/${sessionId}/lab`);
  await page.getByRole('form', { name: 'Settings to replay' }).getByRole('button', { name: 'Run replay' }).click();
  const real = page.getByRole('row').filter({ hasText: 'What really happened' }).filter({ hasText: '→' });
  await expect(real).toBeVisible({ timeout: 30_000 });
  const cells = await real.getByRole('cell').allTextContents();
  const [labBefore, labAfter] = cells[4]!.split(' → ');
  // The estimator's error against the transcript, formatted as every other percent.
  const replay = await (await request.post(`${API}/sessions/${sessionId}/replay`, { data: { agent_path: 'primary', settings: [{ set: {} }] } })).json();
  const error = (await text(page.getByText(/^“What really happened” is the transcript’s own record/))).replace(/\u00a0/g, ' ');
  same('estimate error median', { lab: /within (\S+ %) of it at the median/.exec(error)?.[1] ?? error, daemon: formatPercent(replay.recorded.estimate_error.median).replace(/\u00a0/g, ' ') });
  same('estimate error p90', { lab: /\((\S+ %) at p90\)/.exec(error)?.[1] ?? error, daemon: formatPercent(replay.recorded.estimate_error.p90).replace(/\u00a0/g, ' ') });

  same('recorded tokens before', { ledger: ledgerBefore!, 'event page': eventBefore!, lab: labBefore!, 'CSV export': formatTokens(Number(csv.tokens_before)) });
  same('recorded tokens after', { ledger: ledgerAfter!, 'event page': eventAfter!, lab: labAfter!, 'CSV export': formatTokens(Number(csv.tokens_after)) });
  same('recorded summary tokens', { 'event page': eventSummary, lab: cells[6]!, 'CSV export': formatTokens(Number(csv.summary_tokens)) });
  same('recorded cost', { ledger: ledgerCost, 'event page': eventCost, lab: cells[7]!, 'CSV export': formatUsd(Number(csv.cost_usd)) });
  expect(csv.origin, 'the export says where the event came from').toBe(record.provenance.origin);
  // Cache-aware: the cost is the record's, priced with its cache reads and writes, not all input at full price.
  expect(ledgerCost).toBe(formatUsd(record.cost_usd));
});

test('thresholds read as percents with the same token limits: the context bar and the compact dialog', async ({ page, request }) => {
  await resetDaemon(request);
  await openSession(page, 'ses_gen_refactor');
  const bar = sessionHeaderBar(page);
  const title = (await bar.getAttribute('title')) ?? '';
  const [, barUpper, barUpperTokens, barLower, barLowerTokens] = /fires at (\S+ %) \((\S+)\) and compacts down to (\S+ %) \((\S+)\)/.exec(title.replace(/\u00a0/g, ' ')) ?? [];
  await page.getByRole('button', { name: 'Compact…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compact', exact: true });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const slider = async (name: string) => (await text(dialog.locator(`.cf-field--${name} .cf-slider__value`))).replace(/\u00a0/g, ' ').split(' · ');
  const [dialogUpper, dialogUpperTokens] = await slider('upper');
  const [dialogLower, dialogLowerTokens] = await slider('lower');
  same('upper threshold', { 'context bar': barUpper!, 'compact dialog': dialogUpper! });
  same('upper threshold tokens', { 'context bar': barUpperTokens!, 'compact dialog': dialogUpperTokens! });
  same('lower threshold', { 'context bar': barLower!, 'compact dialog': dialogLower! });
  same('lower threshold tokens', { 'context bar': barLowerTokens!, 'compact dialog': dialogLowerTokens! });
  expect(dialogUpper).toMatch(/^\d+(\.\d)? %$/);
});

test('the compactor share is on one basis: the session stats and the health view, compactor ÷ (primary + compactor)', async ({ page, request }) => {
  await resetDaemon(request);
  const share = (c: { primary_usd: number; compactor_usd: number }) => formatPercent(c.compactor_usd / (c.primary_usd + c.compactor_usd));
  const session = await apiGet<{ cost: { primary_usd: number; compactor_usd: number } }>(request, '/sessions/ses_gen_refactor');
  await openSession(page, 'ses_gen_refactor');
  const stats = panel(page, 'Compaction').getByText(/ of the total$/).first();
  await expect(stats).toBeVisible({ timeout: 20_000 });
  same('session compactor share', { 'session stats': await text(stats), 'session cost': `${share(session.cost)} of the total`.replace(/\u00a0/g, ' ') });

  const health = await apiGet<{ totals: { primary_usd: number; compactor_usd: number } }>(request, '/compaction-health?range=all');
  await page.goto('/health?range=all');
  const hint = page.locator('.health-headline').getByText(/ of the (total|primary)$/).first();
  await expect(hint).toBeVisible({ timeout: 20_000 });
  same('fleet compactor share', { 'health view': await text(hint), 'fleet cost': `${share(health.totals)} of the total`.replace(/\u00a0/g, ' ') });
});

test('after a manual compact: the diff, the ledger and the event page give one before, after, summary and cost', async ({ page, request }) => {
  await resetDaemon(request);
  await openSession(page, 'ses_gen_refactor');
  await page.getByRole('button', { name: 'Compact…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compact', exact: true });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: /^Preview/ }).click();
  const totals = dialog.locator('.diff-totals');
  await expect(totals).toBeVisible({ timeout: 20_000 });
  const figureOf = async (label: string) => (await text(totals.locator(`[data-figure="${label}"]`))).replace(`${label} `, '');
  const [diffBefore, diffAfter, diffSummary] = [await figureOf('before'), await figureOf('after'), await figureOf('summary')];
  const diffCost = (await text(totals.getByRole('term').filter({ hasText: 'Est. cost' }).locator('xpath=following-sibling::dd[1]'))).split(' ')[0]!;
  // The same proposal pinned and read in Compare.
  await dialog.getByRole('button', { name: 'Pin for comparison' }).click();
  await dialog.getByRole('tab', { name: /Compare proposals/ }).click();
  const compared = dialog.getByRole('table', { name: 'Proposals compared' });
  const compareCell = async (row: string) => text(compared.getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell').first().locator('.num'));
  const [compareBefore, compareAfter] = (await compareCell('Tokens after')).split(' → ');
  same('manual compact tokens before', { diff: diffBefore, compare: compareBefore! });
  same('manual compact tokens after', { diff: diffAfter, compare: compareAfter! });
  same('manual compact summary tokens', { diff: diffSummary, compare: (await compareCell('Summary')).replace(/ tok$/, '') });
  same('manual compact cost', { diff: diffCost, compare: await compareCell('Estimated cost') });
  await dialog.getByRole('tab', { name: 'Diff', exact: true }).click();
  await dialog.getByRole('button', { name: 'Commit…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Commit compaction' }).click();
  await expect(dialog.locator('[data-outcome="completed"]')).toBeVisible({ timeout: 20_000 });
  const record = (await listCompactions(request, 'ses_gen_refactor', 'sort=-created_at')).items[0]!;
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(ledgerRow(page, record.id)).toBeVisible({ timeout: 20_000 });
  const [ledgerBefore, ledgerAfter] = (await ledgerCell(page, record.id, 'Tokens')).split(' → ');
  same('manual compact tokens before', { diff: diffBefore, ledger: ledgerBefore! });
  same('manual compact tokens after', { diff: diffAfter, ledger: ledgerAfter! });
  same('manual compact cost', { diff: diffCost, ledger: await ledgerCell(page, record.id, 'Cost') });
  await page.goto(`/sessions/ses_gen_refactor/compactions/${record.id}`);
  await expect(eventField(page, 'Tokens')).toBeVisible({ timeout: 20_000 });
  const [eventBefore, eventAfter] = countsAsTokens(await text(eventField(page, 'Tokens')));
  same('manual compact tokens before', { diff: diffBefore, 'event page': eventBefore! });
  same('manual compact tokens after', { diff: diffAfter, 'event page': eventAfter! });
  same('manual compact summary tokens', { diff: diffSummary, 'event page': countsAsTokens(await text(eventField(page, 'Summary')))[0]! });
});
