import { expect as baseExpect, test } from '@playwright/test';
import { API, resetDaemon } from './support/daemon';

/** A replay over a whole history takes a moment on a busy machine. */
const expect = baseExpect.configure({ timeout: 20_000 });

interface Listed {
  items: { id: string; agent_path: string; created_at: string }[];
}

test('an event page replays its session in the lab: its agent chosen, its moment marked, the way back; Adopt opens in view', async ({ page, request }) => {
  await resetDaemon(request);
  const listed = (await (await request.get(`${API}/sessions/ses_gen_refactor/compactions?limit=200`)).json()) as Listed;
  // A subagent's event where there is one: the agent chosen is the event's, not the default.
  const event = listed.items.find((e) => e.agent_path !== 'primary') ?? listed.items[0]!;
  await page.goto(`/sessions/ses_gen_refactor/compactions/${event.id}`);
  await page.getByRole('link', { name: 'Replay in the lab' }).click();

  await expect(page).toHaveURL(/\/sessions\/ses_gen_refactor\/lab\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('agent')).toBe(event.agent_path);
  expect(url.searchParams.get('event')).toBe(event.id);
  expect(Date.parse(url.searchParams.get('at') ?? '')).toBe(Date.parse(event.created_at));
  const form = page.getByRole('form', { name: 'Settings to replay' });
  await expect(form.getByLabel('Agent')).toHaveValue(event.agent_path);
  const note = form.getByRole('note');
  await expect(note).toContainText('Opened from compaction');
  await expect(note.getByRole('link', { name: event.id })).toHaveAttribute('href', `/sessions/ses_gen_refactor/compactions/${event.id}`);

  await form.getByRole('button', { name: 'Run replay' }).click();
  // The moment is kept through the run, and marked in the fill table.
  await expect(page).toHaveURL(/setting=.*&at=|at=.*setting=/);
  const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: /What really happened|As configured/ }) });
  await expect(table.first()).toBeVisible();
  await expect(page.getByText(/◆ the event’s moment \(turn \d+\)/)).toBeVisible();
  await page.getByRole('group', { name: 'Context fill: show as' }).getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('table', { name: /Context fill per turn/ }).locator('tr.lab-focus')).toHaveCount(1);

  // Adopt, far below on a short screen, opens in view with its heading focused.
  await page.setViewportSize({ width: 1024, height: 600 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Adopt…' }).first().click();
  const adopt = page.getByRole('region', { name: /^Adopt / });
  await expect(adopt).toBeInViewport();
  await expect(adopt.getByRole('heading', { level: 3 })).toBeFocused();

  // And back to the event.
  await note.getByRole('link', { name: event.id }).click();
  await expect(page).toHaveURL(new RegExp(`/compactions/${event.id}$`));
});

test('a spiral row replays its session in the lab from the spiral’s start, on its agent', async ({ page, request }) => {
  await resetDaemon(request);
  const report = (await (await request.get(`${API}/compaction-health/spirals`)).json()) as {
    items: { session_id: string; title: string; reasons: { agent_path: string | null; first_at: string | null; compaction_id: string | null }[] }[];
  };
  const spiral = report.items.find((s) => s.reasons[0]?.agent_path && s.reasons[0]?.first_at)!;
  const reason = spiral.reasons[0]!;
  await page.goto('/health');
  const row = page.getByRole('region', { name: /^Spirals/ }).getByRole('listitem').filter({ has: page.getByRole('link', { name: spiral.title, exact: true }) });
  await row.getByRole('link', { name: 'replay in the lab' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${spiral.session_id}/lab\\?`));
  const url = new URL(page.url());
  expect(url.searchParams.get('agent')).toBe(reason.agent_path);
  expect(Date.parse(url.searchParams.get('at') ?? '')).toBe(Date.parse(reason.first_at!));
  await expect(page.getByRole('form', { name: 'Settings to replay' }).getByLabel('Agent')).toHaveValue(reason.agent_path!);
});

test('a session whose history holds no messages says why nothing was replayed: no zeros marked best', async ({ page, request }) => {
  await resetDaemon(request);
  // Every seeded session's events have their messages (the generated history too), so a daemon
  // that kept none (a pruned store) is the real answer with its calls and runs emptied on the way.
  const session = (await (await request.get(`${API}/sessions?limit=100`)).json()).items.find((s: { id: string }) => s.id.startsWith('ses_h')) as { id: string };
  const zero = (x: unknown): unknown => (typeof x === 'number' ? 0 : Array.isArray(x) ? [] : x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, zero(v)])) : x);
  await page.route('**/api/v1/sessions/*/replay', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const runs = body.runs.map((r: Record<string, unknown>) => ({ ...r, fill_tokens: [], sent_tokens: [], events: [], totals: zero(r.totals) }));
    await route.fulfill({ response, json: { ...body, turns: [], history_messages: 0, runs } });
  });
  await page.goto(`/sessions/${session.id}/lab`);
  await page.getByRole('form', { name: 'Settings to replay' }).getByRole('button', { name: 'Run replay' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Nothing replayed' });
  await expect(status).toContainText('Nothing was replayed: this agent’s history holds no messages');
  await expect(page.locator('.lab-best')).toHaveCount(0);
  await expect(page.getByText('0 calls replayed')).toHaveCount(0);
  await expect(page.getByText('the context never reached an upper threshold')).toHaveCount(0);
});
