import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ledgerRows } from './support/compactions';
import { headerCost as total, sessionHeader as header } from './support/followed';
import { ownSimulatorPort } from './support/ports';
import { sessionRows } from './support/ui';
import { pointAt, startSimulator, stopSimulator } from './support/simulator-process';

/**
 * Following a folder live (npm run mock:api -- --follow): a fixture transcript written into the
 * folder in steps, a recorded compaction among them, arrives on the open pages without a reload;
 * a file truncated is read again whole with a notice; a restart over the kept data resumes with
 * no second copy. The simulator here is this test's own (ownSimulatorPort: beside the worker's daemon).
 */
const PORT = ownSimulatorPort();
const URL_BASE = `http://127.0.0.1:${PORT}/api/v1`;
const CLAUDE = 'ae4a77f8-aedd-4bc1-888f-c94edc91af04';
const lines = readFileSync(`mocks/fixtures/transcripts/claude-code/${CLAUDE}.jsonl`, 'utf8').split('\n').filter(Boolean);
const BOUNDARY = lines.findIndex((l) => l.includes('compact_boundary'));
const NAME = `my-project/${CLAUDE}.jsonl`;

test('a followed folder: rows and figures arrive without a reload; a truncated file is read again; a restart resumes with no second copy', async ({ page }) => {
  test.setTimeout(300_000);
  const folder = mkdtempSync(join(tmpdir(), 'follow-e2e-'));
  const data = mkdtempSync(join(tmpdir(), 'follow-data-'));
  const env = { MOCK_FOLLOW: folder, MOCK_PERSIST: '1', MOCK_DATA_DIR: data, MOCK_FOLLOW_IDLE_MS: '6000' };
  mkdirSync(join(folder, 'my-project'));
  const file = join(folder, NAME);
  writeFileSync(file, `${lines.slice(0, 60).join('\n')}\n`);
  let daemon = await startSimulator(PORT, env);
  try {
    await pointAt(page, URL_BASE);
    await page.goto('/sessions');
    const row = sessionRows(page).filter({ hasText: 'followed' });
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await row.getByRole('link').first().click();

    await expect(header(page)).toContainText(`from ${folder}/${NAME}`);
    await expect(header(page)).toContainText('last line');
    await expect(ledgerRows(page)).toHaveCount(0);
    const costBefore = await total(page).textContent();

    // Lines appended in steps, the last one half-written each time and finished by the next step.
    appendFileSync(file, `${lines.slice(60, BOUNDARY - 10).join('\n')}\n${lines[BOUNDARY - 10]?.slice(0, 40) ?? ''}`);
    await expect(total(page)).not.toHaveText(costBefore ?? '', { timeout: 10_000 });
    writeFileSync(file, `${lines.slice(0, BOUNDARY - 10).join('\n')}\n`);
    appendFileSync(file, `${lines.slice(BOUNDARY - 10, BOUNDARY + 40).join('\n')}\n`);
    // The recorded compaction arrives as a ledger row: what the transcript recorded, not simulated.
    await expect(ledgerRows(page)).toHaveCount(1, { timeout: 10_000 });
    const recordId = (await ledgerRows(page).first().getAttribute('data-compaction-id')) ?? '';
    const sessionId = new URL(page.url()).pathname.split('/')[2] ?? '';
    const record = (await (await fetch(`${URL_BASE}/sessions/${sessionId}/compactions/${recordId}`)).json()) as { provenance: { origin: string } };
    expect(record.provenance.origin).toBe('recorded');
    appendFileSync(file, `${lines.slice(BOUNDARY + 40).join('\n')}\n`);
    const sessions = await (await fetch(`${URL_BASE}/sessions`)).json() as { items: { id: string; followed?: unknown }[] };
    const followed = sessions.items.filter((s) => s.followed);
    expect(followed).toHaveLength(1);
    // Idle once the file stops growing.
    await expect(header(page).getByText('idle', { exact: true })).toBeVisible({ timeout: 20_000 });

    // Truncated (an agent rewriting its transcript): read again whole, with a notice; the compaction is gone with the lines.
    writeFileSync(file, `${lines.slice(0, 80).join('\n')}\n`);
    await expect(header(page).getByRole('status').filter({ hasText: 'was rewritten; read again whole' })).toBeVisible({ timeout: 10_000 });
    await expect(ledgerRows(page)).toHaveCount(0);

    // The whole transcript back, then a restart over the kept data: one session, one compaction.
    writeFileSync(file, `${lines.join('\n')}\n`);
    await expect(ledgerRows(page)).toHaveCount(1, { timeout: 10_000 });
    await stopSimulator(daemon);
    daemon = await startSimulator(PORT, env);
    await page.goto('/sessions');
    await expect(sessionRows(page).filter({ hasText: 'followed' })).toHaveCount(1, { timeout: 20_000 });
    await sessionRows(page).filter({ hasText: 'followed' }).getByRole('link').first().click();
    await expect(ledgerRows(page)).toHaveCount(1);
    appendFileSync(file, '\n');
    await expect(header(page).getByText('running', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(ledgerRows(page)).toHaveCount(1);
  } finally {
    await stopSimulator(daemon);
    rmSync(folder, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }
});
