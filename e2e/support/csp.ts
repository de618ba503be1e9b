/**
 * Watching a page for what must never happen with untrusted text: a script that runs (payloads set
 * window.__pwned), a dialog (alert/confirm/prompt), a Content-Security-Policy violation, and a page
 * wider than the window.
 */
import { expect, type Page } from '@playwright/test';

export interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
    __pwned?: unknown;
  }
}

export interface Watched {
  dialogs: string[];
  /** Every violation since watchPage, across navigations. */
  violations: Violation[];
}

/** Call before page.goto: records CSP violations in the page and dialogs opened by it. */
export async function watchPage(page: Page): Promise<Watched> {
  const dialogs: string[] = [];
  const seen: Violation[] = [];
  await page.exposeFunction('__reportCspViolation', (violation: Violation) => seen.push(violation));
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      const violation = { directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample };
      window.__cspViolations?.push(violation);
      void (window as unknown as { __reportCspViolation: (v: Violation) => Promise<void> }).__reportCspViolation(violation);
    });
  });
  return { dialogs, violations: seen };
}

/** No payload ran: the flag every payload sets is unset, no dialog opened. */
export async function expectNothingRan(page: Page, watched: Watched): Promise<void> {
  expect(await page.evaluate(() => window.__pwned), 'a payload ran (window.__pwned set)').toBeUndefined();
  expect(watched.dialogs, 'a payload opened a dialog').toEqual([]);
}

/** The page is no wider than the window (long text wraps or truncates). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, `the page is ${scroll} px wide in a ${client} px window`).toBeLessThanOrEqual(client + 1);
}
