/**
 * A preview answered in part (issue 28, the dry run; the compact dialog, the knobs, a checkpoint's
 * edit): the first rows at once, then the rest of the list read from the same proposal (the dry run
 * runs once per preview: a summarize or plugin strategy would call a model or a plugin's hooks
 * again); a proposal the daemon no longer keeps says so and offers to preview again; a daemon that
 * ignores first answers the whole list.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { API, resetDaemon } from './support/daemon';
import { setThreshold } from './support/ui';

/** An agent of 400 active messages: more than the first rows the page asks for (200). */
const SESSION = 'ses_gen_flaky';
const FIRST = 200;
const REST = /\/compactions\/dry-run\/[^/]+\/messages(\?|$)/;
const isDryRun = (method: string, url: string) => method === 'POST' && new URL(url).pathname.endsWith('/compactions/dry-run');

interface Answer {
  proposal_id?: string;
  messages: unknown[];
  messages_total?: number;
  pruned?: unknown[];
  record: { superseded_message_ids: string[] };
  figures?: { superseded_count: number; pruned_count: number };
}

/** The dry-run POSTs and the proposal's page reads the page sends. */
function watch(page: Page): { posts: string[]; pages: string[] } {
  const seen = { posts: [] as string[], pages: [] as string[] };
  page.on('request', (r) => {
    if (isDryRun(r.method(), r.url())) seen.posts.push(r.url());
    else if (r.method() === 'GET' && REST.test(r.url())) seen.pages.push(r.url());
  });
  return seen;
}

/** The rest of every proposal waits until released. */
async function holdRest(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(REST, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function openCompact(page: Page): Promise<Locator> {
  await page.goto(`/sessions/${SESSION}`);
  await page.getByRole('button', { name: 'Compact…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compact' });
  await expect(dialog.getByRole('slider', { name: 'Upper threshold' })).toBeVisible();
  await setThreshold(dialog, 'Lower threshold', 0.3);
  return dialog;
}

async function preview(page: Page, button: Locator): Promise<Answer> {
  const answer = page.waitForResponse((r) => isDryRun(r.request().method(), r.url()));
  await button.click();
  const response = await answer;
  expect(response.ok()).toBe(true);
  return (await response.json()) as Answer;
}

/** Every row of the diff, folds opened: its row count. */
async function expectWholeList(dialog: Locator, rows: number, name = /Dry-run diff/): Promise<void> {
  const diff = dialog.getByRole('table', { name });
  const unfold = dialog.getByRole('button', { name: /^Unfold all/ });
  if (await unfold.isEnabled()) await unfold.click();
  await expect(diff).toHaveAttribute('aria-rowcount', String(rows));
}

/** The dry-run POSTs asked first, and the rest was read from that answer's proposal. */
function expectOneDryRunCompleted(seen: { posts: string[]; pages: string[] }, answer: Answer): void {
  expect(seen.posts).toHaveLength(1);
  expect(seen.posts[0]).toContain(`first=${FIRST}`);
  expect(seen.pages.length).toBeGreaterThan(0);
  for (const url of seen.pages) expect(url).toContain(`/dry-run/${answer.proposal_id}/messages`);
}

const reading = (dialog: Locator) => dialog.getByRole('status').filter({ hasText: 'reading the rest of this preview' });

test.beforeEach(async ({ request }) => {
  await resetDaemon(request);
});

test('a preview shows its first rows with the whole figures, then the whole list from the same proposal: one dry run', async ({ page }) => {
  const seen = watch(page);
  const release = await holdRest(page);
  const dialog = await openCompact(page);
  const answer = await preview(page, dialog.getByRole('button', { name: 'Preview', exact: true }));
  expect(answer.messages).toHaveLength(FIRST);
  const total = answer.messages_total ?? 0;
  expect(total).toBeGreaterThan(FIRST);

  // The first rows, the rest held: the header already counts the whole proposal.
  await expect(dialog.getByRole('table', { name: /Dry-run diff/ }).getByRole('row').first()).toBeVisible();
  await expect(reading(dialog)).toContainText(`the first ${FIRST} messages (${total} in all)`);
  const superseded = dialog.getByRole('definition').filter({ hasText: / tok$/ }).first();
  await expect(superseded).toContainText(String(answer.figures?.superseded_count));
  // The lists about messages hold the first messages' entries only; their whole counts come from the figures.
  const whole = { pruned: answer.figures?.pruned_count ?? 0, superseded: answer.figures?.superseded_count ?? 0 };
  expect(answer.pruned?.length ?? 0).toBeLessThan(whole.pruned);
  expect(answer.record.superseded_message_ids.length).toBeLessThan(whole.superseded);
  const pruned = dialog.getByRole('definition').filter({ hasText: 'tool outputs' });
  await expect(pruned).toContainText(`${whole.pruned} tool outputs`);
  const footer = dialog.locator('.mc-footer__status');
  await expect(footer).toContainText(`supersedes ${whole.superseded} messages`);

  release();
  await expect(reading(dialog)).toHaveCount(0);
  await expectWholeList(dialog, total);
  await expect(pruned).toContainText(`${whole.pruned} tool outputs`);
  await expect(footer).toContainText(`supersedes ${whole.superseded} messages`);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  expectOneDryRunCompleted(seen, answer);
});

test('a proposal the daemon no longer keeps says so; "Preview again" runs a new one and shows it whole, the settings kept', async ({ page, request }) => {
  const seen = watch(page);
  const release = await holdRest(page);
  const dialog = await openCompact(page);
  await preview(page, dialog.getByRole('button', { name: 'Preview', exact: true }));
  await expect(reading(dialog)).toBeVisible();
  // Other previews of the session (another operator's tab) push this one out of the daemon's keeping.
  for (let i = 0; i < 8; i++) {
    const other = await request.post(`${API}/sessions/${SESSION}/compactions/dry-run?first=5`, { headers: { 'X-Kaged-User-Id': 'e2e' }, data: { agent_path: 'primary' } });
    expect(other.ok()).toBe(true);
  }
  release();
  const expired = dialog.getByRole('alert').filter({ hasText: 'This preview expired — preview again' });
  await expect(expired).toBeVisible();
  await expect(dialog.getByRole('table', { name: /Dry-run diff/ }).getByRole('row').first()).toBeVisible();
  await expect(dialog.getByRole('slider', { name: 'Lower threshold' })).toHaveAttribute('aria-valuenow', '0.3');

  const again = await preview(page, expired.getByRole('button', { name: 'Preview again' }));
  await expect(expired).toHaveCount(0);
  await expect(reading(dialog)).toHaveCount(0);
  await expectWholeList(dialog, again.messages_total ?? 0);
  expect(seen.posts).toHaveLength(2);
  await expect(dialog.getByRole('slider', { name: 'Lower threshold' })).toHaveAttribute('aria-valuenow', '0.3');
});

test('a daemon that ignores first answers the whole list: shown whole, nothing more read', async ({ page }) => {
  const seen = watch(page);
  // A daemon without paged proposals: the request goes without first, the answer without proposal_id.
  await page.route(/\/compactions\/dry-run\?/, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.delete('first');
    const response = await route.fetch({ url: url.toString() });
    const { proposal_id: _id, messages_total: _total, messages_next_cursor: _cursor, ...whole } = (await response.json()) as Answer & Record<string, unknown>;
    await route.fulfill({ response, json: whole });
  });
  const dialog = await openCompact(page);
  const answer = await preview(page, dialog.getByRole('button', { name: 'Preview', exact: true }));
  expect(answer.messages.length).toBeGreaterThan(FIRST);
  expect(answer.proposal_id).toBeUndefined();
  await expectWholeList(dialog, answer.messages.length);
  await expect(reading(dialog)).toHaveCount(0);
  expect(seen.pages).toHaveLength(0);
});

test("the knobs' preview asks for its first rows and completes the list from the same proposal", async ({ page }) => {
  const seen = watch(page);
  const release = await holdRest(page);
  await page.goto(`/sessions/${SESSION}/knobs?agent=primary`);
  const answer = await preview(page, page.getByRole('button', { name: 'Preview on this session' }));
  expect(answer.messages).toHaveLength(FIRST);
  const total = answer.messages_total ?? 0;
  const dialog = page.getByRole('dialog', { name: /Preview on this session/ });
  await expect(reading(dialog)).toContainText(`the first ${FIRST} messages (${total} in all)`);
  await expect(dialog.getByRole('table', { name: /Preview of the pending settings/ }).getByRole('row').first()).toBeVisible();

  release();
  await expect(reading(dialog)).toHaveCount(0);
  await expectWholeList(dialog, total, /Preview of the pending settings/);
  expectOneDryRunCompleted(seen, answer);
});

test("a checkpoint's edited preview asks for its first rows and completes the list from the same proposal", async ({ page }) => {
  const seen = watch(page);
  const release = await holdRest(page);
  // A session paused on a proposal, its agent's list longer than the first rows (285 messages).
  await page.goto('/sessions/ses_gen_signoff');
  await page.getByTestId('pending-banner').getByRole('link', { name: 'Review the proposal' }).click();
  await page.getByRole('button', { name: 'Edit overrides…' }).click();
  const form = page.getByRole('form', { name: 'Edit the overrides' });
  await form.getByRole('radio', { name: 'drop' }).click();
  const answer = await preview(page, form.getByRole('button', { name: 'Preview edited' }));
  expect(answer.messages).toHaveLength(FIRST);
  const total = answer.messages_total ?? 0;
  await expect(reading(form)).toContainText(`the first ${FIRST} messages (${total} in all)`);
  await expect(page.getByRole('button', { name: /^Edited: drop/ })).toHaveAttribute('aria-pressed', 'true');
  // The confirmation counts the whole proposal, not the first rows' superseded ids.
  await form.getByRole('button', { name: 'Apply edited…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Apply the edited compaction?' });
  await expect(confirm).toContainText(`supersedes ${answer.figures?.superseded_count} messages`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  release();
  await expect(reading(form)).toHaveCount(0);
  await expectWholeList(page.locator('.review__diff'), total, /Proposal diff/);
  expectOneDryRunCompleted(seen, answer);
});
