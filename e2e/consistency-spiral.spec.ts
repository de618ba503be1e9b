import { expect, test, type Locator } from '@playwright/test';
import { formatTokens } from '../src/domain/format';
import { ledgerRow, listCompactions, statFigure } from './support/compactions';
import { countsAsTokens, eventField, exportedRows, ledgerCell, openSession, primaryAgentRow, readBar, reportComparisons, same, sessionHeaderBar, text } from './support/consistency';
import { apiGet, resetDaemon } from './support/daemon';
import { parseCsv } from '../src/test-support/parse-csv';
import { sessionRows } from './support/ui';

/**
 * One truth on a generated spiral session of the health view (e2e/consistency.spec.ts has the
 * other states): its events' messages exist, so the sessions list, the agents table, the session
 * header, the ledger, the event page, the health view, the lab and the export agree on its event
 * count, its costs, its context now (the last event's tokens after), its active messages, its
 * window and its thresholds, and the lab replays its calls.
 */

test.afterAll(reportComparisons);

const SESSION = 'ses_h0003';

/** A table row's cell under a column heading, as shown. */
async function cellUnder(row: Locator, column: string): Promise<string> {
  const headers = (await row.locator('xpath=ancestor::table[1]/thead//th').allTextContents()).map((h) => h.replace(/[↕▲▼]/g, '').replace(/\s+/g, ' ').trim());
  const index = headers.indexOf(column);
  expect(index, `a ${column} column in ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(0);
  return (await row.locator('td, th').nth(index).innerText()).replace(/\s+/g, ' ').trim();
}

/** A labelled figure (components/stat.tsx) inside `scope`. */
function stat(scope: Locator, label: string): Locator {
  return scope.locator('.stat').filter({ has: scope.page().locator('.stat__label', { hasText: new RegExp(`^${label}$`) }) }).locator('.stat__value');
}

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

test('a generated spiral session: every screen gives one event count, cost, context, message count, window and thresholds, and the lab replays it', async ({ page, request }) => {
  // Eight screens and a replay of 1,500 calls.
  test.setTimeout(120_000);
  await resetDaemon(request);
  const session = await apiGet<{ title: string }>(request, `/sessions/${SESSION}`);
  const last = (await listCompactions(request, SESSION, 'sort=-created_at&limit=1')).items[0]!;

  await page.goto('/sessions');
  const listRow = sessionRows(page).filter({ has: page.getByRole('link', { name: session.title, exact: true }) });
  await expect(listRow).toBeVisible({ timeout: 20_000 });
  const list = { events: await cellUnder(listRow, 'Compactions'), total: await cellUnder(listRow, 'Cost') };

  await openSession(page, SESSION);
  const agent = primaryAgentRow(page);
  const agents = { events: await cellUnder(agent, 'Compactions'), window: /^[\d.,]+[kM]?/.exec(await cellUnder(agent, 'Window'))?.[0] ?? '', messages: await cellUnder(agent, 'Messages') };
  const bar = sessionHeaderBar(page);
  const header = await readBar(bar);
  const [headerTokens, headerWindow] = header.tokens!.split(' / ');
  const [, barUpper, barUpperTokens, barLower, barLowerTokens] = /fires at (\S+ %) \((\S+)\) and compacts down to (\S+ %) \((\S+)\)/.exec(plain((await bar.getAttribute('title')) ?? '')) ?? [];
  const costs = page.locator('.session-header');
  const headerCompactor = await text(stat(costs, 'Compactor'));
  const headerTotal = await text(stat(costs, 'Total'));
  await expect(statFigure(page, 'Events').locator('.stat__value')).not.toBeEmpty({ timeout: 20_000 });
  const stats = { events: await text(statFigure(page, 'Events').locator('.stat__value')), compactor: await text(statFigure(page, 'Compactor cost').locator('.stat__value')) };
  await expect(ledgerRow(page, last.id)).toBeVisible({ timeout: 20_000 });
  const [ledgerBefore, ledgerAfter] = (await ledgerCell(page, last.id, 'Tokens')).split(' → ');
  const exported = await exportedRows(page, parseCsv);
  const csv = exported.find((r) => r.id === last.id)!;
  expect(csv, `the export has ${last.id}`).toBeDefined();

  await page.goto(`/sessions/${SESSION}/compactions/${last.id}`);
  await expect(eventField(page, 'Tokens')).toBeVisible({ timeout: 20_000 });
  const [eventBefore, eventAfter] = countsAsTokens(await text(eventField(page, 'Tokens')));
  const [, eventMessagesAfter] = /^\d+ → (\d+)/.exec(await text(eventField(page, 'Messages'))) ?? [];
  const eventWindow = (await text(eventField(page, 'Window'))).split(' ')[0]!;
  const [, eventEvents] = /of (\S+) in the ledger/.exec(await text(page.getByText(/ of \S+ in the ledger$/).first())) ?? [];
  const [, eventLower, eventLowerTokens] = /^lower (\S+ %) · (\S+)$/.exec(plain(await text(page.getByText(/^lower \d/).first()))) ?? [];
  const [, eventUpper, eventUpperTokens] = /^upper (\S+ %) · (\S+)$/.exec(plain(await text(page.getByText(/^upper \d/).first()))) ?? [];

  await page.goto('/health?range=all');
  const spiral = page.getByRole('list', { name: 'Spiralling sessions' }).locator('li.spiral').filter({ hasText: SESSION });
  await expect(spiral).toBeVisible({ timeout: 20_000 });
  const healthEvents = (await text(spiral.locator('.spiral__head .num'))).replace(/ events$/, '');
  const topLink = (caption: string) => page.getByRole('table', { name: caption }).getByRole('link', { name: new RegExp(`: ${session.title}'s events$`) });
  const healthTopCount = (await text(topLink('By compaction count'))).replace(/ events$/, '');
  const healthTopCost = await text(topLink('By compaction cost'));

  await page.goto(`/sessions/${SESSION}/lab`);
  const form = page.getByRole('form', { name: 'Settings to replay' });
  // Setting 1 keeps the agent's configured values, shown greyed (its placeholders) once the config is read.
  const placeholder = async (label: string) => {
    const field = form.getByLabel(label).first();
    await expect(field).toHaveAttribute('placeholder', /\d/, { timeout: 20_000 });
    return `${await field.getAttribute('placeholder')} %`;
  };
  const [labUpper, labLower] = [await placeholder('Upper threshold'), await placeholder('Lower threshold')];
  await form.getByRole('button', { name: 'Run replay' }).click();
  const replayed = page.getByText(/calls replayed, window/);
  await expect(replayed).toBeVisible({ timeout: 60_000 });
  const [, calls, labWindow] = /^(\S+) calls replayed, window (\S+),/.exec(await text(replayed)) ?? [];
  const compactions = await text(page.getByRole('row').filter({ has: page.getByText('events that fired') }).getByRole('cell').nth(1));

  same('spiral events', { 'sessions list': list.events, 'agents table': agents.events, 'session stats': stats.events, 'event page': eventEvents!, 'health spirals': healthEvents, 'health top sessions': healthTopCount, 'CSV export': String(exported.length) });
  same('spiral compactor cost', { 'session header': headerCompactor, 'session stats': stats.compactor, 'health top sessions': healthTopCost });
  same('spiral total cost', { 'sessions list': list.total, 'session header': headerTotal });
  same('spiral context now', { 'session header': headerTokens!, 'ledger (last event, after)': ledgerAfter!, 'event page (after)': eventAfter!, 'CSV export (after)': formatTokens(Number(csv.tokens_after)) });
  same('spiral last event before', { ledger: ledgerBefore!, 'event page': eventBefore!, 'CSV export': formatTokens(Number(csv.tokens_before)) });
  same('spiral active messages', { 'agents table': agents.messages.split(' ')[0]!, 'event page (after)': eventMessagesAfter! });
  same('spiral window', { 'agents table': agents.window, 'session header': headerWindow!, 'event page': eventWindow, lab: labWindow! });
  same('spiral upper threshold', { 'context bar': barUpper!, 'event page': eventUpper!, lab: labUpper });
  same('spiral lower threshold', { 'context bar': barLower!, 'event page': eventLower!, lab: labLower });
  same('spiral upper threshold tokens', { 'context bar': barUpperTokens!, 'event page': eventUpperTokens! });
  same('spiral lower threshold tokens', { 'context bar': barLowerTokens!, 'event page': eventLowerTokens! });
  // The lab replays the calls behind the events: never "Nothing replayed".
  expect(Number(calls!.replace(/,/g, ''))).toBeGreaterThan(100);
  expect(Number(compactions.split(' ')[0]!.replace(/,/g, ''))).toBeGreaterThan(0);
  // Nothing to refer back to is said so, not shown as a figure ("0 of 0 lost").
  await expect(page.getByRole('row').filter({ has: page.getByText('harm proxy') }).getByRole('cell').nth(1)).toHaveText(/^(none lost|\d[\d,]* of \d[\d,]* lost)$/);
  await expect(page.getByRole('row').filter({ has: page.getByText('harm proxy') })).not.toContainText('0 of 0');
  expect(agents.messages).toMatch(/^\d+ active/);
});
