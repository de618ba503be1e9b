/** Reading and driving Compactor's screens the way an operator does: by role and label. */
import { expect, type Locator, type Page } from '@playwright/test';

/** The sessions table's body rows, once it has its data (the skeleton is "Sessions (loading)"). */
export function sessionRows(page: Page): Locator {
  return page.getByRole('table', { name: 'Sessions', exact: true }).locator('tbody tr');
}

/** Picks an option of a labelled dropdown (radix Select). */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The top bar's connection indicator. */
export function connectionIndicator(page: Page): Locator {
  return page.getByRole('button', { name: /^Connection:/ });
}

/**
 * Settings: what "Save and test" says, in the Connection form. The page has other statuses (the
 * notifications' hint says so when the browser blocks them, as a headless shell does by default).
 */
export function connectionStatus(page: Page): Locator {
  return page.getByRole('form', { name: 'Connection' }).getByRole('status');
}

export async function expectLive(page: Page, timeout?: number): Promise<void> {
  await expect(connectionIndicator(page)).toHaveAttribute('data-status', 'live', timeout === undefined ? undefined : { timeout });
}

/** A page region (panel) by its heading. */
export function panel(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** Sets a radix slider with the keyboard, as an operator can: Page Up/Down move ten steps of 0.01, the arrows one. */
export async function setThreshold(scope: Locator, name: string, value: number): Promise<void> {
  const slider = scope.getByRole('slider', { name });
  await slider.focus();
  const current = Number(await slider.getAttribute('aria-valuenow'));
  let steps = Math.round((value - current) / 0.01);
  const big = steps > 0 ? 'PageUp' : 'PageDown';
  const small = steps > 0 ? 'ArrowRight' : 'ArrowLeft';
  for (; Math.abs(steps) >= 10; steps -= Math.sign(steps) * 10) await slider.press(big);
  for (; steps !== 0; steps -= Math.sign(steps)) await slider.press(small);
  await expect(slider).toHaveAttribute('aria-valuenow', String(value));
}
