/**
 * Implausible data (issue 12), table-driven: the simulator answers one endpoint with a
 * contract-valid but implausible body (fault `implausible:<case>`, mocks/daemon/fault-injection/implausible.ts);
 * the screen shows a specific notice where the data is, a bounded render of the rest, and never
 * a crash, a freeze or a blank.
 */
import { expect, test, type Page } from '@playwright/test';
import { listCompactions } from './support/compactions';
import { apiGet, clearFaults, injectFaults, resetDaemon } from './support/daemon';

const SESSION = 'ses_gen_refactor';
const SESSION_PATH = `^/sessions/${SESSION}$`;
const LEDGER_PATH = `^/sessions/${SESSION}/compactions$`;
const STATS_PATH = `^/sessions/${SESSION}/compaction-stats$`;
const RECORD_PATH = `^/sessions/${SESSION}/compactions/[^/]+$`;

interface Case {
  name: string;
  fault: string;
  /** Regular expression of the API path answered implausibly. */
  path: string;
  /** Where the screen is: the sessions list, the session, or one of its compactions (the newest). */
  screen: 'sessions' | 'session' | 'record';
  /** The notice's accessible name ("Odd data in …") and what it says. */
  where: string;
  says: RegExp;
  /** What else must hold: the bounded render. */
  then?: (page: Page) => Promise<void>;
}

/** No "$∞", no "Infinity", no "NaN" anywhere on screen. */
async function noRawNonFinite(page: Page): Promise<void> {
  await expect(page.locator('main')).not.toContainText(/\$∞|Infinity|NaN/);
}

const CASES: Case[] = [
  {
    name: '1e999 costs in the sessions list',
    fault: 'cost-infinite',
    path: '^/sessions$',
    screen: 'sessions',
    where: 'the sessions list',
    says: /Total cost is not a finite amount \(infinite\); shown as unknown/,
    then: noRawNonFinite,
  },
  {
    name: "1e999 costs in a session's header",
    fault: 'cost-infinite',
    path: SESSION_PATH,
    screen: 'session',
    where: 'this session',
    says: /Total cost is not a finite amount/,
    then: async (page) => {
      await expect(page.getByRole('region', { name: 'Session' }).getByRole('definition').filter({ hasText: 'unknown' }).first()).toBeVisible();
      await noRawNonFinite(page);
    },
  },
  {
    name: "1e999 costs in a session's stats",
    fault: 'cost-infinite',
    path: STATS_PATH,
    screen: 'session',
    where: 'the compaction stats',
    says: /not a finite amount/,
  },
  {
    name: 'dates in 2099 in the sessions list',
    fault: 'date-future',
    path: '^/sessions$',
    screen: 'sessions',
    where: 'the sessions list',
    says: /The last update is in the future \(2099-06-01T12:00:00Z\)/,
    then: async (page) => {
      await expect(page.getByRole('table', { name: 'Sessions' }).getByText(/\(in the future\)/).first()).toBeVisible();
      await expect(page.getByRole('table', { name: 'Sessions' })).not.toContainText('just now');
    },
  },
  {
    name: "a compaction's time in 2099",
    fault: 'date-future',
    path: RECORD_PATH,
    screen: 'record',
    where: 'this compaction',
    says: /Its time is in the future/,
  },
  {
    name: 'an agent parent cycle',
    fault: 'agent-cycle',
    path: SESSION_PATH,
    screen: 'session',
    where: 'the agent tree',
    says: /\d+ agents? forms? a parent cycle \(.+\); listed at the top level/,
    then: async (page) => {
      // Every agent is still listed.
      const session = await apiGet<{ agents: unknown[] }>(page.request, `/sessions/${SESSION}`);
      await expect(page.getByRole('link', { name: /^Knobs of / })).toHaveCount(session.agents.length);
    },
  },
  {
    name: 'an agent whose parent does not exist',
    fault: 'agent-parent-missing',
    path: SESSION_PATH,
    screen: 'session',
    where: 'the agent tree',
    says: /1 agent names a parent the session does not have; listed at the top level/,
  },
  {
    name: 'every record of the ledger sent twice',
    fault: 'duplicate-records',
    path: LEDGER_PATH,
    screen: 'session',
    where: 'the ledger',
    says: /The daemon sent \d+ records twice; each is listed once/,
    then: async (page) => {
      const ids = await page.locator('[data-compaction-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-compaction-id')));
      expect(new Set(ids).size, 'each record once').toBe(ids.length);
    },
  },
  {
    name: "a record of another session in the ledger",
    fault: 'foreign-record',
    path: LEDGER_PATH,
    screen: 'session',
    where: 'the ledger',
    says: /1 record of another session; not shown here/,
  },
  {
    name: "a record of another session at this session's address",
    fault: 'foreign-record',
    path: RECORD_PATH,
    screen: 'record',
    where: 'this address',
    says: /a record of session "ses_elsewhere"; its content is not shown here/,
    then: async (page) => {
      await expect(page.getByRole('heading', { name: 'Summary' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: '↑ Back to the ledger' })).toBeVisible();
    },
  },
  {
    name: 'an estimate after above the estimate before',
    fault: 'after-above-before',
    path: RECORD_PATH,
    screen: 'record',
    where: 'this compaction',
    says: /The estimate after \(\d+ tokens\) is above the estimate before/,
  },
  {
    name: "a compaction's lower threshold above its upper one",
    fault: 'lower-above-upper',
    path: RECORD_PATH,
    screen: 'record',
    where: 'this compaction',
    says: /The lower threshold \(0\.\d+\) is above the upper one/,
  },
  {
    name: "agents' lower thresholds above their upper ones",
    fault: 'lower-above-upper',
    path: SESSION_PATH,
    screen: 'session',
    where: 'this session',
    says: /The primary context's lower threshold .* is above the upper one/,
  },
  {
    name: 'more messages after a compaction than before',
    fault: 'messages-grew',
    path: RECORD_PATH,
    screen: 'record',
    where: 'this compaction',
    says: /Messages after \(\d+\) outnumber messages before/,
  },
  {
    name: 'hook percentiles out of order (p50 above max)',
    fault: 'p50-above-max',
    path: STATS_PATH,
    screen: 'session',
    where: 'the compaction stats',
    says: /p50 900 ms, p95 40 ms, max 12 ms are out of order/,
  },
  {
    name: 'totals that are not sums',
    fault: 'totals-not-sums',
    path: STATS_PATH,
    screen: 'session',
    where: 'the compaction stats',
    says: /Events by trigger add up to \d+, not the \d+ events reported/,
    then: async (page) => {
      await expect(page.getByRole('note', { name: 'Odd data in the compaction stats' })).toContainText(/The total cost \$[\d.]+ is not primary/);
    },
  },
  {
    name: 'an unknown trigger',
    fault: 'unknown-trigger',
    path: STATS_PATH,
    screen: 'session',
    where: 'the compaction stats',
    says: /Unknown trigger "solar_flare" \(3\): shown as its own bar/,
  },
  {
    name: '50,000 plugin hook calls in one compaction',
    fault: 'plugins-fired-huge',
    path: RECORD_PATH,
    screen: 'record',
    where: 'this compaction',
    says: /50,000 plugin hook calls in one compaction; the first 100 are listed/,
    then: async (page) => {
      const plugins = page.getByRole('region', { name: 'Plugins fired' });
      await expect(plugins.getByRole('row')).toHaveCount(101);
      await expect(plugins).toContainText('49,900 more hook calls not shown.');
      await plugins.getByRole('button', { name: 'Show 500 more' }).click();
      await expect(plugins.getByRole('row')).toHaveCount(601);
      await expect(plugins).toContainText('49,400 more hook calls not shown.');
    },
  },
];

test.describe('implausible data: a specific notice and a bounded render', () => {
  let recordId = '';
  test.beforeAll(async ({ request }) => {
    await resetDaemon(request);
    const newest = (await listCompactions(request, SESSION)).items[0];
    if (!newest) throw new Error('the session has compactions');
    recordId = newest.id;
  });
  test.afterEach(async ({ request }) => {
    await clearFaults(request);
  });

  for (const c of CASES) {
    test(c.name, async ({ page, request }) => {
      const crashes: string[] = [];
      page.on('pageerror', (error) => crashes.push(error.message));
      await injectFaults(request, [{ method: 'GET', path: c.path, fault: `implausible:${c.fault}` }]);
      const url = c.screen === 'sessions' ? '/sessions' : c.screen === 'session' ? `/sessions/${SESSION}` : `/sessions/${SESSION}/compactions/${encodeURIComponent(recordId)}`;
      await page.goto(url);
      const notice = page.getByRole('note', { name: `Odd data in ${c.where}` });
      // The session view loads many things at once: on a busy machine its panels take their time.
      await expect(notice).toContainText(c.says, { timeout: 20_000 });
      // The rest of the page is there: never a blank.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await c.then?.(page);
      expect(crashes, 'no uncaught error').toEqual([]);
    });
  }
});
