import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { API, resetDaemon } from './support/daemon';

const FIXTURES = 'mocks/fixtures/transcripts';
const CLAUDE = `${FIXTURES}/claude-code/4d5611e5-241a-462a-8d15-5122611a9569`;

async function openImport(page: Page) {
  await page.goto('/sessions');
  await page.getByRole('button', { name: 'Import transcripts…' }).click();
  return page.getByRole('dialog', { name: 'Import transcripts' });
}

function fileReport(page: Page, file: string) {
  return page.getByRole('region', { name: 'Import report' }).getByRole('article', { name: file, exact: true });
}

test('imports a Claude Code session with its subagents and an OpenAI-chat trajectory, then replays it in the threshold lab', async ({ page, request }) => {
  await resetDaemon(request);
  const dialog = await openImport(page);
  await dialog.getByLabel('Transcript files').setInputFiles([
    `${CLAUDE}.jsonl`,
    `${CLAUDE}__subagents__agent-a2898e3.jsonl`,
    `${CLAUDE}__subagents__agent-acompact-e1f845.jsonl`,
    `${FIXTURES}/openai-chat/django__django-11910.traj.json`,
  ]);
  await expect(dialog.getByRole('table', { name: 'Files to import' }).getByRole('row')).toHaveCount(4);
  await dialog.getByRole('button', { name: 'Import 4 files' }).click();

  await expect(dialog.getByRole('status').filter({ hasText: 'imported' })).toHaveText('2 sessions imported, 2 files added to their sessions.', { timeout: 30_000 });
  const main = fileReport(page, '4d5611e5-241a-462a-8d15-5122611a9569.jsonl');
  await expect(main.getByText('Imported', { exact: true })).toBeVisible();
  await expect(main.getByText('Claude Code')).toBeVisible();
  const figure = (report: typeof main, label: string) => report.locator('dl div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(figure(main, 'Agents')).toHaveText('2');
  await expect(figure(main, 'Recorded compactions')).toHaveText('1');
  await expect(figure(main, 'Parallel calls')).toHaveText('11');
  await expect(main.getByText(/records skipped: progress records/)).toBeVisible();
  await expect(main.getByText(/records skipped: thinking blocks/)).toBeVisible();
  await expect(fileReport(page, '4d5611e5-241a-462a-8d15-5122611a9569__subagents__agent-a2898e3.jsonl').getByText('Added to its session')).toBeVisible();
  await expect(fileReport(page, '4d5611e5-241a-462a-8d15-5122611a9569__subagents__agent-acompact-e1f845.jsonl').getByText(/compaction agent's own call/)).toBeVisible();
  const traj = fileReport(page, 'django__django-11910.traj.json');
  await expect(traj.getByText('OpenAI chat')).toBeVisible();
  await expect(figure(traj, 'Tool exchanges')).not.toHaveText('0');

  // The session opens from its report; the list behind the dialog has it already.
  const sessionLink = main.getByRole('link', { name: /Open session ses_/ });
  const sessionId = ((await sessionLink.textContent()) ?? '').match(/ses_[0-9a-f]{16}/)?.[0] ?? '';
  expect(sessionId).toMatch(/^ses_[0-9a-f]{16}$/);
  await sessionLink.click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}$`));
  await expect(page.getByRole('region', { name: 'Session' }).getByText(sessionId)).toBeVisible();

  // The threshold lab, from the session: two settings, as configured and tighter thresholds.
  await page.getByRole('link', { name: 'Threshold lab' }).click();
  await expect(page.getByRole('heading', { name: 'Threshold lab' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Settings to replay' });
  const second = form.getByRole('group', { name: /Setting 2/ });
  await second.getByLabel('Upper threshold').fill('60');
  await second.getByLabel('Lower threshold').fill('40');
  await form.getByRole('button', { name: 'Run replay' }).click();
  await expect(page).toHaveURL(/setting=/);

  const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: /What really happened/ }) });
  await expect(table).toBeVisible({ timeout: 30_000 });
  // The figures are the daemon's own answer for the same request.
  const replay = await request.post(`${API}/sessions/${sessionId}/replay`, {
    headers: { 'X-Kaged-User-Id': 'e2e' },
    data: { agent_path: 'primary', settings: [{ label: 'As configured', set: {} }, { label: 'Earlier', set: { upper_threshold: 0.6, lower_threshold: 0.4 } }] },
  });
  const result = (await replay.json()) as { runs: { totals: { compactions: number } }[]; recorded: { totals: { compactions: number } } };
  const compactions = table.getByRole('row', { name: /^Compactions/ }).getByRole('cell');
  await expect(compactions.nth(0)).toHaveText(String(result.runs[0]!.totals.compactions));
  await expect(compactions.nth(1)).toHaveText(String(result.runs[1]!.totals.compactions));
  await expect(compactions.nth(2)).toHaveText(String(result.recorded.totals.compactions));
  expect(result.runs[1]!.totals.compactions, 'tighter thresholds compact more often').toBeGreaterThan(result.runs[0]!.totals.compactions);
  await expect(table.getByRole('row', { name: /^Peak context fill/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^Input tokens sent/ })).toBeVisible();

  // The fill timeline as a table, and the events list.
  await page.getByRole('group', { name: 'Context fill: show as' }).getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('table', { name: /Context fill per turn/ }).getByText('▲').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Compaction events' }).getByRole('row')).toHaveCount(1 + result.runs[0]!.totals.compactions + result.runs[1]!.totals.compactions + result.recorded.totals.compactions);

  // A deep link shows the same lab, settings and all.
  await page.reload();
  await expect(form.getByRole('group', { name: /Setting 2/ }).getByLabel('Upper threshold')).toHaveValue('60');
  await expect(table).toBeVisible();

  // Adopting the tighter setting: the DSL block, then pending changes for the knobs screen.
  await table.getByRole('button', { name: 'Adopt…' }).nth(1).click();
  const adopt = page.getByRole('region', { name: 'Adopt Earlier' });
  await expect(adopt.locator('pre')).toHaveText(/compaction:\n\s+lower_threshold: 0.4\n\s+upper_threshold: 0.6/);
  await adopt.getByRole('button', { name: 'Review as pending changes on the knobs screen' }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}/knobs\\?agent=primary$`));
  const stored = await page.evaluate((key) => localStorage.getItem(key), `compactor.knob-edits:${sessionId}\nprimary`);
  expect(JSON.parse(stored ?? '{}')).toEqual({ set: { upper_threshold: 0.6, lower_threshold: 0.4 }, unset: [], version: null });
});

test('imports a Codex CLI rollout and a Gemini CLI recording, read by their content; the prompt log is refused for what it is', async ({ page, request }) => {
  await resetDaemon(request);
  const codex = 'rollout-2026-02-23T12-54-34-019c8a59-e9dd-71f0-9ae3-4079fe9726a9.jsonl';
  const gemini = 'session-2025-12-28T03-31-4eb0784d.json';
  const dialog = await openImport(page);
  await expect(dialog.getByText(/Expected: .*Codex CLI rollout JSONL .*Gemini CLI chat recording/)).toBeVisible();
  await dialog.getByLabel('Transcript files').setInputFiles([`${FIXTURES}/codex-rollout/${codex}`, `${FIXTURES}/gemini-cli/${gemini}`, `${FIXTURES}/gemini-cli/logs.json`]);
  await dialog.getByRole('button', { name: 'Import 3 files' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'imported' })).toHaveText('2 sessions imported, 1 file not imported.', { timeout: 60_000 });
  const figure = (report: ReturnType<typeof fileReport>, label: string) => report.locator('dl div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

  const rollout = fileReport(page, codex);
  await expect(rollout.getByText('Codex CLI', { exact: true })).toBeVisible();
  await expect(figure(rollout, 'Messages')).toHaveText('742');
  await expect(figure(rollout, 'Parallel calls')).toHaveText('86');
  await expect(figure(rollout, 'Recorded compactions')).toHaveText('1');
  await expect(rollout.getByText(/records skipped: reasoning items/)).toBeVisible();

  const recording = fileReport(page, gemini);
  await expect(recording.getByText('Gemini CLI', { exact: true })).toBeVisible();
  await expect(figure(recording, 'Messages')).toHaveText('119');
  await expect(figure(recording, 'Recorded compactions')).toHaveText('0');
  await expect(fileReport(page, 'logs.json').getByText(/a Gemini CLI prompt log \(logs\.json\): it holds only the prompts typed/)).toBeVisible();

  // The session says where it came from.
  await rollout.getByRole('link', { name: /Open session ses_/ }).click();
  await expect(page.getByText(`codex-rollout: ${codex}`)).toBeVisible();
});

test('says why a file is not imported, and that a file imported again changes nothing', async ({ page, request }) => {
  await resetDaemon(request);
  let dialog = await openImport(page);
  await dialog.getByLabel('Transcript files').setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Meeting notes: not a transcript.\n') },
    { name: 'django__django-11133.traj.json', mimeType: 'application/json', buffer: readFileSync(`${FIXTURES}/openai-chat/django__django-11133.traj.json`) },
  ]);
  await dialog.getByRole('button', { name: 'Import 2 files' }).click();
  const notes = fileReport(page, 'notes.txt');
  await expect(notes.getByText('Not imported')).toBeVisible({ timeout: 30_000 });
  await expect(notes.getByText(/not a transcript\. Expected Claude Code session JSONL .* or an OpenAI-chat trajectory JSON/)).toBeVisible();
  await expect(fileReport(page, 'django__django-11133.traj.json').getByText('Imported', { exact: true })).toBeVisible();
  const sessionsAfterFirst = (await (await request.get(`${API}/sessions`, { headers: { 'X-Kaged-User-Id': 'e2e' } })).json()) as { items: unknown[] };

  await dialog.getByRole('button', { name: 'Import more' }).click();
  await dialog.getByLabel('Transcript files').setInputFiles([`${FIXTURES}/openai-chat/django__django-11133.traj.json`]);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const again = fileReport(page, 'django__django-11133.traj.json');
  await expect(again.getByText('Already imported', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(again.getByText(/nothing changed/)).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'already' })).toHaveText('1 file already imported.');
  const sessionsAfterSecond = (await (await request.get(`${API}/sessions`, { headers: { 'X-Kaged-User-Id': 'e2e' } })).json()) as { items: unknown[] };
  expect(sessionsAfterSecond.items.length).toBe(sessionsAfterFirst.items.length);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // Dropped on the page: the dialog opens with the files.
  dialog = page.getByRole('dialog', { name: 'Import transcripts' });
  const transfer = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['[{"role": "user", "content": "hi"}]'], 'plain.json', { type: 'application/json' }));
    return data;
  });
  await page.dispatchEvent('main, body', 'dragenter', { dataTransfer: transfer });
  await page.dispatchEvent('main, body', 'drop', { dataTransfer: transfer });
  await expect(dialog.getByRole('table', { name: 'Files to import' })).toContainText('plain.json');
});

test('a daemon without the import or replay endpoints: no import action, and the lab explains', async ({ page, request }) => {
  await resetDaemon(request);
  await page.route('**/__mock/imports', (route) => route.fulfill({ status: 404, json: { code: 'not_found', message: 'No such endpoint', details: null } }));
  await page.route('**/replay', (route) => route.fulfill({ status: 501, json: { code: 'not_implemented', message: 'Not implemented', details: null } }));
  await page.goto('/sessions');
  await expect(page.getByRole('row').nth(3)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import transcripts…' })).toHaveCount(0);

  const setting = encodeURIComponent(JSON.stringify({ set: {} }));
  await page.goto(`/sessions/ses_gen_refactor/lab?agent=primary&setting=${setting}`);
  await expect(page.getByRole('heading', { name: 'This daemon cannot replay sessions' })).toBeVisible();
  await expect(page.getByText(/does not offer it \(it answered 501\)/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a file named ../../x.jsonl is reported and left out; the others import', async ({ page, request }) => {
  await resetDaemon(request);
  const dialog = await openImport(page);
  await dialog.getByLabel('Transcript files').setInputFiles([
    { name: '../../x.jsonl', mimeType: 'application/jsonl', buffer: readFileSync(`${CLAUDE}.jsonl`) },
    { name: 'django__django-11910.traj.json', mimeType: 'application/json', buffer: readFileSync(`${FIXTURES}/openai-chat/django__django-11910.traj.json`) },
  ]);
  await expect(dialog.getByRole('alert').filter({ hasText: '../../x.jsonl is not imported: its name leads out of the folder it was chosen from (..).' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'imported' })).toHaveText('1 session imported.', { timeout: 30_000 });
});
