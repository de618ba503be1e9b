import { expect, test } from '@playwright/test';
import { panel, sessionRows } from './support/ui';

/**
 * Demo mode: `npm start` with no daemon configured. The simulated daemon runs inside the
 * browser behind msw's service worker, seeded from the real transcripts.
 */
test('npm start serves the UI on the in-browser simulated daemon', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sessions$/, { timeout: 30_000 });
  // The seed holds the Claude Code transcripts, the mini-swe-agent trajectories, the generated sessions and 20 sessions of generated history.
  await expect(sessionRows(page)).toHaveCount(34, { timeout: 30_000 });
  await expect(sessionRows(page).filter({ hasText: 'Work on bead spotter-dov' })).toHaveCount(1);
  await expect(page.getByText('simulated', { exact: false }).first()).toBeVisible();

  await sessionRows(page).filter({ hasText: 'Refactor the compaction pipeline' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/sessions\/ses_gen_refactor$/);
  const agents = panel(page, 'Agents');
  // The dev server compiles the session page on its first visit: slow on a busy machine (the CI ran
  // this beside the build suite and took over 7 s). Once the first agent is there, the rest is too.
  await expect(agents.getByText('primary', { exact: true })).toBeVisible({ timeout: 60_000 });
  for (const path of ['primary/explore', 'primary/test-runner']) {
    await expect(agents.getByText(path, { exact: true })).toBeVisible();
  }
  // The subagent without catalog metadata runs on an assumed 128k window, labelled as such.
  await expect(agents.getByText('window unknown: 128k assumed').first()).toBeVisible();
});

test('imports transcripts in the browser: the simulator reads them in a Web Worker, the page shows the report', async ({ page }) => {
  // The dev server compiles each page on its first visit: slow on a busy machine.
  test.setTimeout(120_000);
  await page.goto('/sessions');
  // The in-browser simulator seeds on the page's own thread (seconds; far more on a loaded machine):
  // the sessions it lists say it is done, and the click is then taken at once.
  await expect(sessionRows(page)).toHaveCount(34, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Import transcripts…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import transcripts' });
  // Following a folder from here: e2e/follow.demo.spec.ts.
  await dialog.getByLabel('Transcript files').setInputFiles(['mocks/fixtures/transcripts/openai-chat/astropy__astropy-12907.traj.json', 'mocks/fixtures/transcripts/gemini-cli/session-2025-12-01T21-45-5b959dae.json']);
  await dialog.getByRole('button', { name: 'Import 2 files' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'imported' })).toHaveText('2 sessions imported.', { timeout: 30_000 });
  await expect(dialog.getByRole('article', { name: 'session-2025-12-01T21-45-5b959dae.json' }).getByText('Gemini CLI', { exact: true })).toBeVisible();
  await dialog.getByRole('article', { name: 'astropy__astropy-12907.traj.json' }).getByRole('link', { name: /Open session ses_/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('astropy-12907', { timeout: 60_000 });
});

test.describe('without service workers', () => {
  // As on a plain-HTTP remote host: the browser refuses the worker the in-browser daemon needs.
  test.use({ serviceWorkers: 'block' });

  test('when the simulated daemon cannot start, the page says why instead of staying blank', async ({ page }) => {
    await page.goto('/');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The simulated daemon could not start', { timeout: 30_000 });
    await expect(alert).toContainText('KAGED_API_URL=http://host:port npm start');
  });
});
