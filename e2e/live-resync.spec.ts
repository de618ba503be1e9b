import { expect as baseExpect, test } from '@playwright/test';
import { advanceSession, apiGet, resetDaemon, restartDaemon } from './support/daemon';
import { countText, ledgerCount, ledgerRow, listCompactions } from './support/compactions';
import { connectionIndicator } from './support/ui';

/** The page makes a burst of requests on load; on a busy machine the first answers can take a while. */
const expect = baseExpect.configure({ timeout: 15_000 });

const SESSION = 'ses_gen_refactor';

test('after a daemon restart (its event sequence starting over) new events arrive without a reload', async ({ page, request }) => {
  // The restart seeds the simulator afresh (as a reset does): seconds on a busy machine.
  test.slow();
  await resetDaemon(request);
  const seeded = await listCompactions(request, SESSION);
  await page.goto(`/sessions/${SESSION}`);
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'live');
  await expect(ledgerCount(page)).toHaveText(countText(seeded.total));

  // Live before the restart: the sequence moves past where the restarted daemon will start again.
  await advanceSession(request, SESSION);
  await advanceSession(request, SESSION);
  const beforeRestart = await listCompactions(request, SESSION);
  await expect(ledgerCount(page)).toHaveText(countText(beforeRestart.total));
  const health = await apiGet<{ last_seq: number; instance_id: string }>(request, '/health');

  const restarted = await restartDaemon(request, 1000);
  expect(restarted.instance_id).not.toBe(health.instance_id);
  expect(restarted.last_seq).toBeLessThan(health.last_seq);
  // The page follows the new run: what it shows is the restarted daemon's (the seed again).
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'live');
  await expect(ledgerCount(page)).toHaveText(countText(seeded.total));

  // New events of the new run, with sequence numbers the page has seen before, still show.
  await advanceSession(request, SESSION);
  const after = await listCompactions(request, SESSION);
  const fresh = after.items.filter((r) => !seeded.items.some((s) => s.id === r.id));
  expect(fresh.length).toBeGreaterThanOrEqual(1);
  for (const record of fresh) await expect(ledgerRow(page, record.id)).toHaveCount(1);
  await expect(ledgerCount(page)).toHaveText(countText(after.total));
});
