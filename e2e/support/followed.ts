/** A followed session's page as an operator reads it (e2e/follow.spec.ts on Node, e2e/follow.demo.spec.ts in demo mode). */
import type { Locator, Page } from '@playwright/test';

/** The session page's header: where the session is read from, its last line, running or idle, a rewrite notice. */
export function sessionHeader(page: Page): Locator {
  return page.getByRole('region', { name: 'Session', exact: true });
}

/** The session's total cost as the header shows it. */
export function headerCost(page: Page): Locator {
  const header = sessionHeader(page);
  return header.getByRole('group', { name: 'Cost' }).or(header.locator('[aria-label="Cost"]')).getByText(/^\$/).last();
}
