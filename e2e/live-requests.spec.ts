/**
 * What a live compaction costs an open session page: the API requests it makes for each real
 * compaction the daemon runs (its turns, the compaction and its rollback point, as live frames),
 * and the fleet's spiral watch, at most one read a minute however many compactions come.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { advanceSession, resetDaemon } from './support/daemon';
import { countText, idleReads, ledgerCount, listCompactions } from './support/compactions';
import { connectionIndicator } from './support/ui';
import { SPIRAL_CHECK_GAP_MS } from '../src/domain/spiral-watch';

const expect = baseExpect.configure({ timeout: 15_000 });
const SESSION = 'ses_gen_refactor';
const COMPACTIONS = 5;

test(`a live compaction on an open session page costs at most 3 API requests (${COMPACTIONS} in a row)`, async ({ page, request }) => {
  test.slow();
  await resetDaemon(request);
  const seeded = await listCompactions(request, SESSION);
  // Counting starts once the page's own idle-time reads are in (a fixed wait counted them as the
  // first compaction's on a slow machine).
  const opened = idleReads(page, SESSION);
  await page.goto(`/sessions/${SESSION}`);
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'live');
  await expect(ledgerCount(page)).toHaveText(countText(seeded.total));
  await opened;
  await page.waitForLoadState('networkidle');

  const requests: string[] = [];
  const started = Date.now();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/v1/')) requests.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  for (let i = 0; i < COMPACTIONS; i += 1) {
    await advanceSession(request, SESSION);
    const now = await listCompactions(request, SESSION);
    await expect(ledgerCount(page)).toHaveText(countText(now.total));
    // Each compaction's refetches settle before the next (as when compactions come minutes apart).
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_500);
  }
  const compactions = (await listCompactions(request, SESSION)).total - seeded.total;
  expect(compactions).toBeGreaterThanOrEqual(COMPACTIONS);
  console.log(`${requests.length} requests for ${compactions} compactions:\n  ${requests.join('\n  ')}`);
  // The fleet's spiral watch (the top bar's count) reads its report at most once a minute while
  // compactions come, whatever their number: counted apart, against that bound.
  const spiralReads = requests.filter((r) => r.startsWith('GET /api/v1/compaction-health/spirals')).length;
  expect(spiralReads).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / SPIRAL_CHECK_GAP_MS));
  expect((requests.length - spiralReads) / compactions).toBeLessThanOrEqual(3);
});
