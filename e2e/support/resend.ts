import type { Page } from '@playwright/test';

/**
 * Every `method` request to `url` reaches the daemon twice, as when a connection closes under a
 * request and the browser sends it again: the daemon applies the first, and the page gets the
 * answer to the second. Answers the statuses of those second answers, as they come.
 */
export async function sendEachTwice(page: Page, url: RegExp, method: string): Promise<number[]> {
  const resends: number[] = [];
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    await route.fetch();
    const resend = await route.fetch();
    resends.push(resend.status());
    await route.fulfill({ response: resend });
  });
  return resends;
}
