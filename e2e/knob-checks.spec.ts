import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet, resetDaemon } from './support/daemon';

/** The knobs screen's checks follow the values as they change; nothing is rewritten behind the operator's back. */
const SESSION = 'ses_gen_refactor';
const knobsUrl = (group: string) => `/sessions/${SESSION}/knobs?agent=primary&group=${group}`;
const knob = (page: Page, label: string): Locator => page.locator('.kf').filter({ has: page.getByText(label, { exact: true }) });
const groupLink = (page: Page, name: string): Locator => page.getByRole('navigation', { name: 'Knob groups' }).getByRole('link', { name: new RegExp(`^${name}\\b`) });
const banner = (page: Page): Locator => page.getByRole('alert').filter({ hasText: /fixing first/ });

async function enter(field: Locator, text: string): Promise<void> {
  await field.fill(text);
  await field.press('Tab');
}

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

test('thresholds are shown and typed as percent; an out-of-range value is refused with a message and kept as typed; the lower threshold’s message follows the upper', async ({ page, request }) => {
  await page.goto(knobsUrl('trigger'));
  const upper = knob(page, 'Upper threshold');
  const lower = knob(page, 'Lower threshold');
  const upperInput = upper.getByRole('spinbutton', { name: 'Upper threshold' });
  const lowerInput = lower.getByRole('spinbutton', { name: 'Lower threshold' });
  await expect(upperInput).toHaveValue('85');
  await expect(lowerInput).toHaveValue('60');
  await expect(upper).toContainText('5–99 %');

  await enter(upperInput, '80');
  await enter(lowerInput, '85');
  await expect(lower.getByRole('alert')).toHaveText('must be below the upper threshold (80 %), so compaction stops short of where it starts');

  // 150 % is refused as typed, never rewritten to 99 %; the lower threshold's old message does not linger.
  await enter(upperInput, '150');
  await expect(upperInput).toHaveValue('150');
  await expect(upper.getByRole('alert')).toHaveText('150 % is outside 5–99 %');
  await expect(lower.getByRole('alert')).toHaveCount(0);
  await enter(upperInput, '90');
  await expect(upper.getByRole('alert')).toHaveCount(0);
  await expect(lower.getByRole('alert')).toHaveCount(0);
  await enter(lowerInput, '85.4');
  await expect(lower.getByRole('alert')).toHaveText('85.4 % is not on a step of 1 % from 5 % (nearest allowed: 85 %)');
  await enter(lowerInput, '70');

  // Saved as fractions: the API keeps 0.9 and 0.7.
  await page.getByRole('button', { name: 'Review and save…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Save 2 changes?' });
  await expect(dialog.getByRole('row').filter({ hasText: 'Upper threshold' })).toContainText('85 %');
  await expect(dialog.getByRole('row').filter({ hasText: 'Upper threshold' })).toContainText('90 %');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 1 agent.' })).toBeVisible();
  const saved = await apiGet<{ values: { upper_threshold: number; lower_threshold: number } }>(request, `/sessions/${SESSION}/compaction-config?agent_path=primary`);
  expect(saved.values).toMatchObject({ upper_threshold: 0.9, lower_threshold: 0.7 });
});

test('the "needs fixing first" banner follows the problems: it counts what is left and goes once all are fixed, across group changes', async ({ page }) => {
  await page.goto(knobsUrl('strategy'));
  await knob(page, 'Strategy').getByRole('radio', { name: 'delegate' }).check();
  await page.getByRole('button', { name: 'Review and save…' }).click();
  await expect(banner(page)).toHaveText(/^1 knob needs fixing first \(Strategy\)\./);
  await knob(page, 'Strategy').getByRole('radio', { name: 'summarize' }).check();
  await expect(banner(page)).toHaveCount(0);
  for (const group of ['Trigger', 'Summarize', 'Strategy']) {
    await groupLink(page, group).click();
    await expect(page).toHaveURL(new RegExp(`group=${group.toLowerCase()}`));
    await expect(banner(page)).toHaveCount(0);
  }
  // Two problems in two groups, then one fixed: the banner names only what is left.
  await knob(page, 'Strategy').getByRole('radio', { name: 'delegate' }).check();
  await groupLink(page, 'Trigger').click();
  await enter(knob(page, 'Upper threshold').getByRole('spinbutton', { name: 'Upper threshold' }), '150');
  await page.getByRole('button', { name: 'Review and save…' }).click();
  await expect(banner(page)).toHaveText(/^2 knobs need fixing first \(Trigger, Strategy\)\./);
  await enter(knob(page, 'Upper threshold').getByRole('spinbutton', { name: 'Upper threshold' }), '90');
  await expect(banner(page)).toHaveText(/^1 knob needs fixing first \(Strategy\)\./);
});

test('strategy summarize with "Summarize at threshold" off is refused, naming both knobs', async ({ page }) => {
  await page.goto(knobsUrl('summarize'));
  await knob(page, 'Summarize at threshold').getByRole('switch').uncheck();
  await groupLink(page, 'Strategy').click();
  await knob(page, 'Strategy').getByRole('radio', { name: 'summarize' }).check();
  await page.getByRole('button', { name: 'Review and save…' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const message = knob(page, 'Strategy').getByRole('alert');
  await expect(message).toContainText('Summarize at threshold');
  await expect(message).toContainText('Summarize');
  await knob(page, 'Strategy').getByRole('radio', { name: 'drop' }).check();
  await expect(knob(page, 'Strategy').getByRole('alert')).toHaveCount(0);
});

test('a prompt-path knob offers the project’s prompts as a list, each one’s text viewable as text', async ({ page }) => {
  await page.goto(knobsUrl('summarize'));
  const prompt = knob(page, 'Summarizer prompt');
  const choices = prompt.getByRole('radiogroup', { name: 'Summarizer prompt' });
  await expect(choices.getByRole('radio')).toHaveCount(3);
  await expect(choices.getByRole('radio', { name: /Default compaction summary/ })).toBeChecked();
  await choices.getByRole('radio', { name: /Terse summary, decisions only/ }).check();
  await expect(prompt.getByText('unsaved')).toBeVisible();
  const terse = choices.locator('li').filter({ hasText: 'Terse summary, decisions only' });
  await terse.getByText('Show the text').click();
  await expect(terse.locator('pre')).toBeVisible();
  await expect(terse.locator('pre')).not.toBeEmpty();
  await page.getByRole('button', { name: 'Review and save…' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Save 1 change?' }).getByRole('row').filter({ hasText: 'Summarizer prompt' })).toContainText('project:/prompts/terse-summary.md');
});
