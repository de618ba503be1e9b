import { expect, test } from '@playwright/test';
import { advanceSession, apiGet, listProjects, listSessions, resetDaemon } from './support/daemon';
import { choose, expectLive, panel, sessionRows } from './support/ui';

test('lists every session with status, approval, context, compactions and cost', async ({ page, request }) => {
  await resetDaemon(request);
  const sessions = await listSessions(request);
  await page.goto('/sessions');
  await expect(sessionRows(page)).toHaveCount(sessions.length);
  await expect(page.getByText(`${sessions.length} sessions`)).toBeVisible();

  const pending = sessions.find((s) => s.compaction_pending);
  expect(pending, 'the seed has a session awaiting approval').toBeTruthy();
  const pendingRow = sessionRows(page).filter({ hasText: pending!.title });
  await expect(pendingRow.getByText('approval pending')).toBeVisible();
  await expect(pendingRow.getByRole('meter', { name: 'Context use' })).toBeVisible();

  const overridden = sessions.find((s) => s.primary_context.window.source === 'override');
  if (overridden) await expect(sessionRows(page).filter({ hasText: overridden.title }).getByText('override')).toBeVisible();

  // The cost cell shows the total; the split is on hover.
  const priciest = [...sessions].sort((a, b) => b.cost.total_usd - a.cost.total_usd)[0]!;
  const costCell = sessionRows(page).filter({ hasText: priciest.title }).locator('td').nth(6).locator('span');
  await expect(costCell).toHaveAttribute('title', /^primary \$.* · compactor \$/);
});

test('filters by status, text and project, all kept in the URL', async ({ page, request }) => {
  await resetDaemon(request);
  const sessions = await listSessions(request);
  await page.goto('/sessions');
  await expect(sessionRows(page)).toHaveCount(sessions.length);

  await choose(page, 'Status', 'Paused');
  await expect(page).toHaveURL(/status=paused/);
  const paused = sessions.filter((s) => s.status === 'paused');
  await expect(sessionRows(page)).toHaveCount(paused.length);

  await page.reload();
  await expect(sessionRows(page)).toHaveCount(paused.length);
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toContainText('Paused');

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(sessionRows(page)).toHaveCount(sessions.length);
  await expect(page).not.toHaveURL(/status=/);

  const target = sessions[0]!;
  const word = target.title.split(/\s+/).find((w) => w.length > 5) ?? target.title;
  await page.getByRole('searchbox', { name: 'Filter by text' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word).replace(/%20/g, '\\+')}`));
  await expect(sessionRows(page).filter({ hasText: target.title })).toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Filter by text' }).fill('no session is called this');
  await expect(page.getByText('No session matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(sessionRows(page)).toHaveCount(sessions.length);

  const project = (await listProjects(request))[0]!;
  await choose(page, 'Project', project.name);
  await expect(page).toHaveURL(new RegExp(`project=${project.id}`));
  await expect(sessionRows(page)).toHaveCount(sessions.filter((s) => s.project_id === project.id).length);
});

test('sorts by a column header, kept in the URL', async ({ page, request }) => {
  await resetDaemon(request);
  const sessions = await listSessions(request);
  await page.goto('/sessions');
  await page.getByRole('button', { name: 'Cost' }).click();
  await expect(page).toHaveURL(/sort=-cost/);
  await expect(page.getByRole('columnheader', { name: 'Cost' })).toHaveAttribute('aria-sort', 'descending');
  const byCost = [...sessions].sort((a, b) => b.cost.total_usd - a.cost.total_usd);
  await expect(sessionRows(page).first()).toContainText(byCost[0]!.title);

  await page.getByRole('button', { name: 'Cost' }).click();
  await expect(page).toHaveURL(/sort=cost/);
  await expect(sessionRows(page).first()).toContainText(byCost[byCost.length - 1]!.title);

  await page.getByRole('button', { name: 'Session' }).click();
  await expect(page).toHaveURL(/sort=title/);
  const byTitle = [...sessions].sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()));
  await expect(sessionRows(page).first()).toContainText(byTitle[0]!.title);
});

test('a row opens its session from the keyboard; the session view shows header, cost split and agent tree', async ({ page, request }) => {
  await resetDaemon(request);
  const sessions = await listSessions(request);
  const multi = [...sessions].sort((a, b) => b.agent_count - a.agent_count)[0]!;
  await page.goto('/sessions');
  const link = sessionRows(page).filter({ hasText: multi.title }).getByRole('link', { name: multi.title });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/sessions/${multi.id}`);

  const detail = await apiGet<{ agents: Array<{ agent_path: string; model: string; window: { source: string } }> }>(
    request,
    `/sessions/${multi.id}`,
  );
  const header = page.getByRole('region', { name: 'Session' });
  await expect(header.getByRole('heading', { level: 1, name: multi.title })).toBeVisible();
  const cost = header.getByLabel('Cost', { exact: true });
  for (const [label, usd] of [
    ['Primary', multi.cost.primary_usd],
    ['Compactor', multi.cost.compactor_usd],
    ['Total', multi.cost.total_usd],
  ] as const) {
    await expect(cost.getByText(label, { exact: true })).toBeVisible();
    await expect(cost).toContainText(usd >= 1 ? `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : `$${usd.toFixed(4)}`);
  }

  const agents = panel(page, 'Agents');
  await expect(agents.locator('tbody tr')).toHaveCount(detail.agents.length);
  for (const agent of detail.agents) {
    const row = agents.locator('tbody tr').filter({ hasText: agent.agent_path });
    await expect(row.first()).toContainText(agent.model);
  }
  if (detail.agents.some((a) => a.window.source === 'fallback')) await expect(agents.getByText('window unknown: 128k assumed').first()).toBeVisible();
  await expect(panel(page, 'Compaction')).toContainText('Events');
});

test('a project page shows its compaction summary and only its sessions', async ({ page, request }) => {
  await resetDaemon(request);
  const project = (await listProjects(request))[0]!;
  const stats = await apiGet<{ events_total: number; fallback_total: number }>(request, `/projects/${project.id}/compaction-stats`);
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible();
  const summary = panel(page, 'Compaction summary');
  await expect(summary.getByText('Events')).toBeVisible();
  await expect(summary.locator('.stat').filter({ hasText: 'Events' })).toContainText(String(stats.events_total));
  await expect(summary.locator('.stat').filter({ hasText: 'Fallbacks' })).toContainText(String(stats.fallback_total));
  await expect(summary.getByText('Compactor cost')).toBeVisible();
  await expect(sessionRows(page)).toHaveCount(project.session_count);
  await expect(page.getByRole('columnheader', { name: 'Project' })).toHaveCount(0);
});

test('the compaction event route shows the record', async ({ page, request }) => {
  await resetDaemon(request);
  const sessions = await listSessions(request);
  const compacted = sessions.find((s) => s.compaction_count > 0)!;
  const page1 = await apiGet<{ items: Array<{ id: string; agent_path: string; strategy: string }> }>(
    request,
    `/sessions/${compacted.id}/compactions?limit=1`,
  );
  const record = page1.items[0]!;
  await page.goto(`/sessions/${compacted.id}/compactions/${record.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(record.id);
  const view = panel(page, 'Record');
  await expect(view).toContainText(record.agent_path);
  await expect(view).toContainText(record.strategy);
  await expect(page.getByRole('link', { name: compacted.title })).toBeVisible();
});

test('live frames refresh the list without a reload', async ({ page, request }) => {
  await resetDaemon(request);
  const sessions = await listSessions(request);
  const target = sessions.find((s) => s.status === 'idle')!;
  await page.goto('/sessions');
  await expectLive(page);
  const row = sessionRows(page).filter({ hasText: target.title });
  const before = Number(await row.locator('td').nth(5).innerText());
  await advanceSession(request, target.id);
  await expect(row.locator('td').nth(5)).not.toHaveText(String(before));
});
