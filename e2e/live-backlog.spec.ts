import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DAEMON, resetDaemon } from './support/daemon';
import { ledgerRow } from './support/compactions';
import { connectionIndicator } from './support/ui';

/** A burst, then its catching up: long waits on a busy machine. */
const expect = baseExpect.configure({ timeout: 60_000 });

const SESSION = 'ses_gen_refactor';

/**
 * Keeps, in the page, every text the connection indicator's status line showed: catching up can
 * take less time than one look by the test, so what it said is read afterwards.
 */
async function recordIndicatorTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { __indicatorSaid: string[] }).__indicatorSaid = said;
    const look = () => {
      const text = document.querySelector('button.connection [role="status"]')?.textContent ?? '';
      if (text !== '' && said[said.length - 1] !== text) said.push(text);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __indicatorSaid: string[] }).__indicatorSaid);
}

test('a burst the page cannot take is said ("behind by … — catching up") and clears once it has caught up', async ({ page, request }) => {
  test.slow();
  await resetDaemon(request);
  await page.goto(`/sessions/${SESSION}`);
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'live');
  await expect(page.getByRole('grid', { name: 'Compaction ledger', exact: true }).locator('[role="row"][data-compaction-id]').first()).toBeVisible();
  const behind = page.getByRole('status').filter({ hasText: /behind by/ });
  await expect(behind).toHaveCount(0);
  const indicatorTexts = await recordIndicatorTexts(page);

  // The page is busy with one long task for the whole burst, however fast the machine: it sends the
  // burst request synchronously (answered here, from the simulator), so every frame waits and is
  // seconds late when the page gets to them. (A slowed-down processor made this depend on the
  // machine's speed: too fast, it kept up; too slow, it showed nothing for a minute.)
  await page.route('**/__test/burst', async (route) => {
    const response = await request.post(`${DAEMON}/__mock/bench/live`, { data: { session_id: SESSION, count: 2000, rate: 2000 }, timeout: 120_000 });
    await route.fulfill({ status: response.status(), contentType: 'application/json', body: await response.body() });
  });
  const sent = await page.evaluate(() => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/__test/burst', false);
    xhr.send();
    return (JSON.parse(xhr.responseText) as { sent: { id: string }[] }).sent;
  });
  expect(sent).toHaveLength(2000);

  // Caught up (frame by frame, or by dropping the backlog and reloading): the newest event shows
  // at the top, and the indicator says plainly "Live" again.
  await expect(ledgerRow(page, sent[sent.length - 1]!.id)).toBeVisible();
  await expect(behind).toHaveCount(0);
  await expect(connectionIndicator(page)).toHaveAccessibleName('Connection: Live');
  // Meanwhile, the connection indicator said it was behind.
  expect(await indicatorTexts()).toContainEqual(expect.stringMatching(/^behind by .+ — catching up$/));
});
