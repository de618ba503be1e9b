import { expect, test, type Locator, type Page } from '@playwright/test';
import { API, apiGet, resetDaemon } from './support/daemon';
import { sendEachTwice } from './support/resend';

/** A generated session whose subagents carry plugins: explore (chunked-summarizer, the malformed context-meter), test-runner (checkpoint-summary, the malformed legacy-exporter). */
const SESSION = 'ses_gen_refactor';

interface ConfigLite {
  version: number;
  values: { upper_threshold: number; lower_threshold: number; strategy: string; plugin_knobs: Record<string, Record<string, unknown>> };
  sources: Record<string, string>;
}

const knobsUrl = (agent: string, group?: string) => `/sessions/${SESSION}/knobs?agent=${encodeURIComponent(agent)}${group ? `&group=${encodeURIComponent(group)}` : ''}`;
const knobs = (page: Page): Locator => page.locator('.kg');
const knob = (page: Page, label: string): Locator => page.locator('.kf').filter({ has: page.getByText(label, { exact: true }) });

async function chooseIn(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types into a focused field with the keyboard only: select all, then the new text. */
async function typeInto(field: Locator, text: string): Promise<void> {
  await field.focus();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
}

/** Types an upper threshold (percent) on the agent shown, then reviews and saves it: saved. */
async function saveUpperThreshold(page: Page, percent: string): Promise<void> {
  const field = knob(page, 'Upper threshold').getByRole('spinbutton', { name: 'Upper threshold' });
  await field.fill(percent);
  await field.blur();
  await page.getByRole('button', { name: 'Review and save…' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 1 agent.' })).toBeVisible();
}

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

test('a subagent: inherited values, a cross-field error fixed, a preview, old → new, saved; seen after a reload, in the history and in a later dry run (keyboard only)', async ({ page, request }) => {
  // From the session view's agents panel, per agent.
  await page.goto(`/sessions/${SESSION}`);
  const link = page.getByRole('link', { name: 'Knobs of primary/test-runner' });
  await link.focus();
  await link.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'primary/test-runner' })).toBeVisible();
  await expect(page).toHaveURL(/agent=primary%2Ftest-runner/);

  // The trigger group first: thresholds at their defaults; the plugin's absolute trigger beside them.
  const upper = knob(page, 'Upper threshold');
  await expect(upper.getByText('default', { exact: true })).toBeVisible();
  await expect(knob(page, 'Compact above')).toContainText('from checkpoint-summary');

  // A value off the step is refused with a message (after the field is touched), never snapped silently.
  const upperInput = upper.getByRole('spinbutton', { name: 'Upper threshold' });
  await typeInto(upperInput, '33.3');
  await upperInput.press('Tab');
  await expect(upper.getByRole('alert')).toHaveText('33.3 % is not on a step of 1 % from 5 % (nearest allowed: 33 %)');
  await typeInto(upperInput, '55');
  await upperInput.press('Tab');
  await expect(upper.getByRole('alert')).toHaveCount(0);
  await expect(upper.getByText('unsaved')).toBeVisible();
  await expect(upper.getByText('changed from default')).toBeVisible();

  // Strategy: inherited from the primary agent, changed to checkpoint with the keyboard.
  const strategyGroup = page.getByRole('link', { name: 'Strategy' });
  await strategyGroup.focus();
  await strategyGroup.press('Enter');
  await expect(page).toHaveURL(/group=strategy/);
  const strategy = knob(page, 'Strategy');
  await expect(strategy.getByText('inherited from primary')).toBeVisible();
  const checkpoint = strategy.getByRole('radio', { name: 'checkpoint' });
  await strategy.getByRole('radio', { name: 'summarize' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(checkpoint).toBeFocused();
  await page.keyboard.press('Space');
  await expect(checkpoint).toBeChecked();

  // Saving now is refused: the lower threshold (0.6 by default) is not below the new upper one.
  const review = page.getByRole('button', { name: 'Review and save…' });
  await review.focus();
  await review.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'knob needs fixing first (Trigger)' })).toBeVisible();
  const showFirst = page.getByRole('link', { name: 'Show the first' });
  await showFirst.focus();
  await showFirst.press('Enter');
  const lower = knob(page, 'Lower threshold');
  await expect(lower.getByRole('alert')).toHaveText('must be below the upper threshold (55 %), so compaction stops short of where it starts');
  await typeInto(lower.getByRole('spinbutton', { name: 'Lower threshold' }), '40');
  await lower.getByRole('spinbutton', { name: 'Lower threshold' }).press('Tab');
  await expect(lower.getByRole('alert')).toHaveCount(0);

  // Preview on this session: a dry run with the unsaved values, in the side-by-side diff. Nothing saved.
  const previewButton = page.getByRole('button', { name: 'Preview on this session' });
  await previewButton.focus();
  await previewButton.press('Enter');
  const preview = page.getByRole('dialog', { name: /Preview on this session/ });
  await expect(preview.getByText('3 unsaved changes applied', { exact: false })).toBeVisible();
  await expect(preview.getByRole('grid', { name: 'Preview of the pending settings' }).or(preview.getByLabel('Preview of the pending settings'))).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  expect((await apiGet<ConfigLite>(request, `/sessions/${SESSION}/compaction-config?agent_path=primary/test-runner`)).version).toBe(1);

  // Review old → new, then save.
  await review.focus();
  await review.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Save 3 changes?' });
  const rows = dialog.getByRole('region', { name: 'Changes to primary/test-runner' }).getByRole('row');
  // Each change named by the label the form shows, never the raw key.
  await expect(rows.filter({ hasText: 'upper_threshold' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Upper threshold' })).toContainText('85 % (default)');
  await expect(rows.filter({ hasText: 'Upper threshold' })).toContainText('55 % (set on this agent)');
  await expect(rows.filter({ hasText: 'Lower threshold' })).toContainText('40 %');
  await expect(rows.filter({ hasText: /^Strategy/ })).toContainText('summarize (inherited from primary)');
  await expect(rows.filter({ hasText: /^Strategy/ })).toContainText('checkpoint (set on this agent)');
  const save = dialog.getByRole('button', { name: 'Save changes' });
  await save.focus();
  await save.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved 1 agent.' })).toBeVisible();

  // After a reload: saved values, set on this agent, nothing unsaved; the change in the history.
  await page.reload();
  await expect(knob(page, 'Upper threshold').getByRole('spinbutton', { name: 'Upper threshold' })).toHaveValue('55');
  await expect(knob(page, 'Upper threshold').getByText('set on this agent')).toBeVisible();
  await page.goto(knobsUrl('primary/test-runner', 'strategy'));
  await expect(knob(page, 'Strategy').getByRole('radio', { name: 'checkpoint' })).toBeChecked();
  await expect(knob(page, 'Strategy').getByText('set on this agent')).toBeVisible();
  await expect(page.getByText('unsaved', { exact: true })).toHaveCount(0);
  const history = page.getByRole('complementary', { name: 'Recent changes' });
  await expect(history).toContainText('v2');
  await expect(history).toContainText('Upper threshold 85 % → 55 %');
  await expect(history).toContainText('Strategy summarize → checkpoint');

  // A later dry run (no overrides) uses the saved settings.
  const dry = await request.post(`${API}/sessions/${SESSION}/compactions/dry-run`, { data: { agent_path: 'primary/test-runner', dry_run: true }, headers: { 'X-Kaged-User-Id': 'e2e' } });
  expect(dry.ok()).toBe(true);
  const record = ((await dry.json()) as { record: { window_upper: number; window_lower: number; strategy: string } }).record;
  expect(record).toMatchObject({ window_upper: 0.55, window_lower: 0.4, strategy: 'checkpoint' });
});

test('unsaved edits survive a reload, marked unsaved; a stale save from a second window gets 409 and the operator chooses', async ({ page, browser }) => {
  await page.goto(knobsUrl('primary', 'trigger'));
  const upperInput = knob(page, 'Upper threshold').getByRole('spinbutton', { name: 'Upper threshold' });
  await upperInput.fill('80');
  await upperInput.blur();
  await expect(page.getByRole('status').filter({ hasText: '1 change on 1 agent' })).toBeVisible();

  await page.reload();
  await expect(upperInput).toHaveValue('80');
  await expect(knob(page, 'Upper threshold').getByText('unsaved')).toBeVisible();
  await expect(page.getByRole('link', { name: /primary/ }).getByLabel('1 unsaved')).toBeVisible();

  // Another operator, in another window, saves a different upper threshold first.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(knobsUrl('primary', 'trigger'));
  await saveUpperThreshold(second, '75');
  await other.close();

  // Our save is against version 1: both versions are shown, nothing is overwritten silently.
  await page.getByRole('button', { name: 'Review and save…' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  const conflict = page.getByRole('alertdialog', { name: 'primary was changed elsewhere' });
  await expect(conflict).toContainText('You edited version 1; the daemon is at version 2');
  const row = conflict.getByRole('row').filter({ hasText: 'upper_threshold' });
  await expect(row).toContainText('80 %');
  await expect(row).toContainText('75 %');
  await conflict.getByRole('button', { name: 'Keep mine…' }).click();
  const reviewAgain = page.getByRole('alertdialog', { name: 'Save 1 change?' });
  await expect(reviewAgain.getByRole('row').filter({ hasText: 'Upper threshold' })).toContainText('75 % (set on this agent)');
  await reviewAgain.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 1 agent.' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Recent changes' })).toContainText('Upper threshold 75 % → 80 %');
});

test('a save the network sent twice is saved, with no conflict: the resend is refused with 409 holding these very edits', async ({ page, request }) => {
  await page.goto(knobsUrl('primary', 'trigger'));
  // The daemon applies the first and refuses the second as stale, its current state holding what was asked.
  const resends = await sendEachTwice(page, /\/api\/v1\/sessions\/[^/]+\/compaction-config\?/, 'PUT');
  await saveUpperThreshold(page, '80');
  expect(resends).toEqual([409]);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(knob(page, 'Upper threshold').getByText('unsaved')).toHaveCount(0);
  const saved = await apiGet<ConfigLite>(request, `/sessions/${SESSION}/compaction-config?agent_path=primary`);
  expect([saved.values.upper_threshold, saved.version]).toEqual([0.8, 2]);
});

test('always-keep predicates: one added in the structured editor, refused until it matches on something, saved and seen after a reload', async ({ page, request }) => {
  await page.goto(knobsUrl('primary', 'always_keep'));
  const field = knob(page, 'Always-keep predicates');
  await expect(field.getByText(/^No predicates/)).toBeVisible();
  await field.getByRole('button', { name: 'Add predicate' }).click();
  const row = field.getByRole('group', { name: /^Predicate / });
  await expect(row.getByRole('textbox', { name: 'Id' })).toBeFocused();
  await expect(row.getByRole('textbox', { name: 'Id' })).toHaveValue('keep-1');
  await row.getByRole('textbox', { name: 'Id' }).fill('failing-tests');
  await row.getByRole('textbox', { name: 'Description' }).fill('Test failures stay in view');
  await row.getByRole('textbox', { name: 'Description' }).blur();
  // The schema's message lands on the predicate it is about.
  await expect(row.getByRole('alert')).toHaveText('predicate "failing-tests" needs a role, a content_regex or a tool_name to match on');
  await row.getByRole('combobox', { name: 'Role' }).selectOption('tool');
  await row.getByRole('textbox', { name: 'Content regex' }).fill('FAILED|AssertionError');
  await row.getByRole('textbox', { name: 'Content regex' }).blur();
  await expect(row.getByRole('alert')).toHaveCount(0);
  await expect(field.getByText('unsaved')).toBeVisible();

  await page.getByRole('button', { name: 'Review and save…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Save 1 change?' });
  await expect(dialog.getByRole('row').filter({ hasText: 'Always-keep predicates' })).toContainText('1 item (failing-tests)');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 1 agent.' })).toBeVisible();

  await page.reload();
  const saved = knob(page, 'Always-keep predicates');
  await expect(saved.getByText('set on this agent')).toBeVisible();
  const kept = saved.getByRole('group', { name: 'Predicate failing-tests' });
  await expect(kept.getByRole('textbox', { name: 'Content regex' })).toHaveValue('FAILED|AssertionError');
  await expect(kept.getByRole('combobox', { name: 'Role' })).toHaveValue('tool');
  const config = await apiGet<{ values: { always_keep: unknown[] } }>(request, `/sessions/${SESSION}/compaction-config?agent_path=primary`);
  expect(config.values.always_keep).toEqual([{ id: 'failing-tests', description: 'Test failures stay in view', role: 'tool', content_regex: 'FAILED|AssertionError' }]);
});

test('a malformed plugin shows its precise problems in its own group while the other groups render and save', async ({ page, request }) => {
  await page.goto(knobsUrl('primary/explore', 'plugin:context-meter'));
  const meter = knobs(page).filter({ hasText: 'Plugin context-meter' });
  const problems = meter.getByRole('alert', { name: "Problems in context-meter's manifest" });
  await expect(problems).toContainText('Plugin "context-meter", knob "warn_at": min (0.9) is greater than max (0.5).');
  await expect(problems).toContainText('knob "verbose": key is declared twice');
  await expect(meter.getByText('not loaded', { exact: true })).toBeVisible();
  await expect(knob(page, 'Accent colour').getByRole('note')).toContainText('cannot edit; it is shown read-only');
  // Its well-formed knob can still be set.
  await knob(page, 'Sample every').getByRole('spinbutton', { name: 'Sample every' }).fill('10');

  await page.getByRole('link', { name: 'chunked-summarizer' }).click();
  // Its knobs in no sub-group sit under no sub-group's heading (not under "trim"); the trim knob under its own.
  const group = knobs(page).filter({ has: knob(page, 'Messages kept') });
  const headingOf = await group.locator('.kg__item').evaluateAll((items) => {
    let heading: string | null = null;
    return items.map((item) => {
      heading = item.querySelector('.kg__subgroup')?.textContent ?? heading;
      return [item.querySelector('.kf__label')?.textContent?.trim() ?? '', heading];
    });
  });
  const under = (label: string) => {
    const found = headingOf.find(([l]) => l?.startsWith(label));
    return found ? found[1] : 'missing';
  };
  expect(under('Messages kept')).toBeNull();
  expect(under('Chunks')).toBeNull();
  expect(under('Trim synthetic messages at')).toBe('trim');
  const kept = knob(page, 'Messages kept').getByRole('spinbutton', { name: 'Messages kept' });
  await kept.fill('24');
  await kept.blur();
  await page.getByRole('button', { name: 'Review and save…' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 1 agent.' })).toBeVisible();
  const saved = await apiGet<ConfigLite>(request, `/sessions/${SESSION}/compaction-config?agent_path=primary/explore`);
  expect(saved.values.plugin_knobs['chunked-summarizer']?.keep_last_messages).toBe(24);
  expect(saved.values.plugin_knobs['context-meter']?.sample_every).toBe(10);
});

test("the manual-compact modal's overrides, saved as the agent's settings, arrive on the knobs screen as pending changes", async ({ page, request }) => {
  await page.goto(`/sessions/${SESSION}`);
  await page.getByRole('button', { name: 'Compact…' }).click();
  const modal = page.getByRole('dialog', { name: 'Compact' });
  await chooseIn(page, modal, 'Agent', '└ primary/explore');
  await modal.getByRole('radio', { name: 'delegate' }).click();
  await chooseIn(page, modal, 'Compactor plugin', 'chunked-summarizer');
  await modal.getByRole('button', { name: "Save as the agent's settings…" }).click();

  await expect(page).toHaveURL(/\/knobs\?agent=primary%2Fexplore/);
  await page.getByRole('button', { name: 'Review and save…' }).click();
  const dialog = page.getByRole('alertdialog', { name: /Save \d changes?\?/ });
  await expect(dialog.getByRole('row').filter({ hasText: 'Compactor plugin' })).toContainText('chunked-summarizer (set on this agent)');
  await expect(dialog.getByRole('row').filter({ hasText: /^Strategy/ })).toContainText('delegate (set on this agent)');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 1 agent.' })).toBeVisible();
  const saved = await apiGet<ConfigLite>(request, `/sessions/${SESSION}/compaction-config?agent_path=primary/explore`);
  expect(saved.values.strategy).toBe('delegate');
});

test("a prompt path that is none of the project's prompts (saved elsewhere) is shown marked, and the list offers only theirs", async ({ page, request }) => {
  const put = await request.put(`${API}/sessions/${SESSION}/compaction-config?agent_path=primary`, {
    data: { version: 1, set: { 'summarize.prompt': 'project:/prompts/tight-summary.md' }, unset: [] },
    headers: { 'X-Kaged-User-Id': 'another-operator' },
  });
  expect(put.ok()).toBe(true);
  await page.goto(knobsUrl('primary', 'summarize'));
  const choices = knob(page, 'Summarizer prompt').getByRole('radiogroup', { name: 'Summarizer prompt' });
  const saved = choices.getByRole('radio', { name: /tight-summary\.md/ });
  await expect(saved).toBeChecked();
  await expect(choices.locator('li').filter({ hasText: 'tight-summary.md' })).toContainText("not one of the project's prompts");
  await choices.getByRole('radio', { name: /Code-review handoff/ }).check();
  await expect(knob(page, 'Summarizer prompt').getByRole('alert')).toHaveCount(0);
  await expect(knob(page, 'Summarizer prompt').getByText('unsaved')).toBeVisible();
});
