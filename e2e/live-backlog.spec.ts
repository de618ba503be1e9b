import { expect as baseExpect, test } from '@playwright/test';
import { DAEMON, resetDaemon } from './support/daemon';
import { ledgerRow } from './support/compactions';
import { connectionIndicator } from './support/ui';

/** A burst on a slowed-down page, then its catching up: long waits on a busy machine. */
const expect = baseExpect.configure({ timeout: 60_000 });

const SESSION = 'ses_gen_refactor';

test('a burst the page cannot take is said ("behind by … — catching up") and clears once it has caught up', async ({ page, request }) => {
  test.slow();
  await resetDaemon(request);
  await page.goto(`/sessions/${SESSION}`);
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'live');
  await expect(page.getByRole('grid', { name: 'Compaction ledger', exact: true }).locator('[role="row"][data-compaction-id]').first()).toBeVisible();
  const behind = page.getByRole('status').filter({ hasText: /behind by/ });
  await expect(behind).toHaveCount(0);

  // The page's processor slowed down fortyfold while the daemon sends as fast as it can.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 40 });
  const burst = request.post(`${DAEMON}/__mock/bench/live`, { data: { session_id: SESSION, count: 4000, rate: 2000 }, timeout: 120_000 });

  // Said in the connection indicator (it may catch up soon after: one look while it shows).
  await expect(connectionIndicator(page).getByRole('status')).toHaveText(/^behind by .+ — catching up$/);

  const response = await burst;
  expect(response.ok()).toBeTruthy();
  const { sent } = (await response.json()) as { sent: { id: string }[] };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  // Caught up (frame by frame, or by dropping the backlog and reloading): the newest event shows
  // at the top, and the indicator says plainly "Live" again.
  await expect(ledgerRow(page, sent[sent.length - 1]!.id)).toBeVisible();
  await expect(behind).toHaveCount(0);
  await expect(connectionIndicator(page)).toHaveAccessibleName('Connection: Live');
});
