/**
 * The fault matrix, writes (issue 11): each write the operator makes (flag, note, knob save, the
 * manual-compact preview, the rest of its list and the commit, checkpoint approve and reject,
 * rollback, a model's window override) × every fault the
 * daemon can answer it with. The fault goes on that write's request only (the simulator's scoped
 * per-request header, sent with every request of the flow's page); each flow on its own page and
 * session, the flows side by side, each one fault after another: fault, check, clear, next fault.
 * For each case: a message naming what failed, no page error, the operator's edit still there
 * (pressed, in the field, or pending), and once the fault is gone one retry (the operator's click:
 * no write here is repeated by itself) takes effect exactly once, checked on the daemon's state
 * over HTTP. A write the daemon applied but answered with a contract-breaking body (or not in
 * time) is "outcome unknown": the state is read again, and then it must hold the edit once, with
 * nothing lost. Prints the count of cases and of lost edits; a lost edit fails the suite unless
 * its case is a listed known failure (printed and counted on every run).
 */
import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API, apiGet, resetDaemon } from './support/daemon';
import { flagButton, getCompaction, ledgerRow, listCompactions, notesField } from './support/compactions';
import { brief, faultRequests, pool, READ_FAULTS, type ReadFault } from './support/fault-matrix';
import { panel, setThreshold } from './support/ui';

/** Eight flows side by side on a busy machine: what a flow waits for may take longer than the default. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** The faults a write can meet: the reads' list (500, 503 with Retry-After, timeout, malformed, invalid, 401, 403, 404, 409). */
const FAULTS: readonly ReadFault[] = READ_FAULTS;

const counts = { cases: 0, lost: 0, lostKnown: 0, known: 0 };
/** Every failing case, by flow: collected (a flow goes on with its next fault), asserted by the last test. */
const failures: string[] = [];

/**
 * Cases that fail today for reasons outside this suite, printed and counted on every run instead of
 * failing it, until fixed. A case not listed fails the test.
 */
const KNOWN: Record<string, Record<string, string>> = {};

/** One write flow, driven the way the operator does it. */
interface Case {
  /** The operator makes the edit and submits it (the fault is on). */
  submit(): Promise<void>;
  /** The message naming what failed (or, for an unknown outcome read again, what was saved). */
  message(): Locator;
  /** The edit is still there: on screen, in the field, or pending. */
  kept(): Promise<void>;
  /** Whether the daemon already holds the edit. */
  applied(): Promise<boolean>;
  /** The operator's one retry, the fault gone. */
  retry(): Promise<void>;
  /** The daemon holds the edit exactly once. */
  once(): Promise<void>;
}

interface Flow {
  name: string;
  method: string;
  path: RegExp;
  /** Not the requests whose body holds this (a rollback's preview shares its path). */
  unlessBody?: string;
  /** Opens the screen; returns the case for one fault (called once per fault, in turn). */
  open(page: Page, request: APIRequestContext): Promise<(fault: ReadFault, index: number) => Promise<Case>>;
}

const SESSION = 'ses_gen_memory';
/** The note flow's session: no other flow's (a flag bumps a record's version; commits add records), with a record for every fault. */
const NOTES_SESSION = 'ses_h0003';
const PATCH_RECORD = /^\/sessions\/[^/]+\/compactions\/(?!dry-run$)[^/]+$/;

/** One record per fault, in the ledger's order (the first rows are in view). */
async function records(request: APIRequestContext, session: string, flaggable: boolean) {
  const items = (await listCompactions(request, session)).items.filter((r) => !flaggable || r.operator_flag !== 'good');
  expect(items.length, 'records enough for every fault').toBeGreaterThanOrEqual(FAULTS.length);
  return items.slice(0, FAULTS.length);
}

/** A save notice of the ledger (failed, or saved after reading the record again) about one record. */
function saveNotice(page: Page, id: string): Locator {
  return page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: new RegExp(`(Could not save|Saved) .* of ${id}`) });
}

const FLOWS: Flow[] = [
  {
    name: 'flag save (ledger)',
    method: 'PATCH',
    path: PATCH_RECORD,
    async open(page, request) {
      const targets = await records(request, SESSION, true);
      await page.goto(`/sessions/${SESSION}`);
      await expect(ledgerRow(page, targets[0]!.id)).toBeVisible({ timeout: 20_000 });
      return async (_fault, i) => {
        const record = targets[i]!;
        const row = ledgerRow(page, record.id);
        const good = flagButton(row, 'Good');
        return {
          submit: () => good.click(),
          message: () => saveNotice(page, record.id).filter({ hasText: 'the flag (good)' }),
          // Back to the saved value after a failure, the notice names the flag the operator chose; or pressed, when saved.
          kept: async () => {
            if ((await good.getAttribute('aria-pressed')) === 'true') return;
            await expect(saveNotice(page, record.id).filter({ hasText: 'Could not save the flag (good)' })).toBeVisible();
          },
          applied: async () => (await getCompaction(request, SESSION, record.id)).operator_flag === 'good',
          retry: () => good.click(),
          once: async () => {
            await expect(good).toHaveAttribute('aria-pressed', 'true');
            await expect.poll(async () => (await getCompaction(request, SESSION, record.id)).operator_flag).toBe('good');
            expect((await getCompaction(request, SESSION, record.id)).version).toBe(record.version + 1);
          },
        };
      };
    },
  },
  {
    name: 'note save (event detail)',
    method: 'PATCH',
    path: PATCH_RECORD,
    async open(page, request) {
      const targets = await records(request, NOTES_SESSION, false);
      return async (fault, i) => {
        const record = targets[i]!;
        const text = `note under ${fault.name}`;
        await page.goto(`/sessions/${NOTES_SESSION}/compactions/${record.id}`);
        await expect(notesField(page)).toBeEditable({ timeout: 20_000 });
        return {
          submit: async () => {
            await notesField(page).fill(text);
            await page.getByRole('button', { name: 'Save notes' }).click();
          },
          message: () => saveNotice(page, record.id).filter({ hasText: 'the notes' }),
          kept: async () => expect(notesField(page)).toHaveValue(text),
          applied: async () => (await getCompaction(request, NOTES_SESSION, record.id)).operator_notes === text,
          retry: () => notesField(page).press('Control+Enter'),
          once: async () => {
            await expect.poll(async () => (await getCompaction(request, NOTES_SESSION, record.id)).operator_notes).toBe(text);
            expect((await getCompaction(request, NOTES_SESSION, record.id)).version).toBe(record.version + 1);
            await expect(notesField(page)).toHaveValue(text);
          },
        };
      };
    },
  },
  {
    name: 'knob save (knobs screen)',
    method: 'PUT',
    path: /^\/sessions\/[^/]+\/compaction-config$/,
    async open(page, request) {
      const session = 'ses_gen_refactor';
      const config = () => apiGet<{ version: number; config: Record<string, unknown> }>(request, `/sessions/${session}/compaction-config?agent_path=primary`);
      const upper = page.getByRole('spinbutton', { name: 'Upper threshold' });
      const confirm = () => page.getByRole('alertdialog', { name: 'Save 1 change?' }).getByRole('button', { name: 'Save changes' });
      const save = async () => {
        await page.getByRole('button', { name: 'Review and save…' }).click();
        await confirm().click();
      };
      return async (_fault, i) => {
        // Typed as a percent of the window, as the knobs screen shows thresholds.
        const value = String(84 - i);
        const before = (await config()).version;
        // Each case on a fresh load with no kept draft: what one fault leaves behind does not decide the next.
        if (page.url().startsWith('http')) await page.evaluate(() => window.localStorage.clear());
        await page.goto(`/sessions/${session}/knobs?agent=primary&group=trigger`);
        await expect(upper).toBeEditable({ timeout: 20_000 });
        return {
          submit: async () => {
            await upper.fill(value);
            await upper.blur();
            await save();
          },
          // Failed; or not known to have failed (the config read again: not saved, unknown, or saved after all).
          message: () =>
            page
              .getByRole('alert')
              .filter({ hasText: /Saving primary( failed; every edit is kept\.|: the daemon's answer could not be trusted|: the outcome is unknown)/ })
              .or(page.getByRole('status').filter({ hasText: /Saved 1 agent\. The daemon's answer for primary could not be trusted; the config read again holds the changes\./ })),
          // In the field: unsaved, or saved (the config read again holds it).
          kept: async () => {
            await expect.poll(async () => Number(await upper.inputValue())).toBe(Number(value));
            await expect(page.getByRole('status').filter({ hasText: /unsaved|Saved 1 agent/ })).toContainText(/1 change on 1 agent|Saved 1 agent/);
          },
          applied: async () => (await config()).version > before,
          retry: save,
          once: async () => {
            await expect(page.getByRole('status').filter({ hasText: 'Saved 1 agent.' })).toBeVisible();
            await expect.poll(async () => (await config()).version).toBe(before + 1);
            await expect.poll(async () => Number(await upper.inputValue())).toBe(Number(value));
          },
        };
      };
    },
  },
  {
    name: 'manual-compact preview',
    method: 'POST',
    path: /^\/sessions\/[^/]+\/compactions\/dry-run$/,
    async open(page) {
      // A preview changes nothing; its setting is the operator's edit.
      return async (_fault, i) => {
        const dialog = await openCompactDialog(page, 'ses_gen_memory');
        const lower = Math.round((0.5 - i * 0.01) * 100) / 100;
        const preview = dialog.getByRole('button', { name: 'Preview', exact: true });
        return {
          submit: async () => {
            await setThreshold(dialog, 'Lower threshold', lower);
            await preview.click();
          },
          message: () => dialog.getByRole('alert').filter({ hasText: 'Preview failed.' }),
          kept: () => expect(dialog.getByRole('slider', { name: 'Lower threshold' })).toHaveAttribute('aria-valuenow', String(lower)),
          applied: async () => false,
          retry: () => preview.click(),
          once: async () => {
            await expect(dialog.getByRole('table', { name: /Dry-run diff/ })).toBeVisible({ timeout: 20_000 });
            await expect(dialog.getByRole('slider', { name: 'Lower threshold' })).toHaveAttribute('aria-valuenow', String(lower));
          },
        };
      };
    },
  },
  {
    // A read, in the dialog: the rest of a preview answered in part, from the same proposal (issue 28).
    name: 'manual-compact preview, the rest of its list',
    method: 'GET',
    path: /^\/sessions\/[^/]+\/compactions\/dry-run\/[^/]+\/messages$/,
    async open(page) {
      // 285 active messages: more than the first 200 the preview asks for.
      return async (_fault, i) => {
        const dialog = await openCompactDialog(page, 'ses_gen_signoff');
        const lower = Math.round((0.4 - i * 0.01) * 100) / 100;
        const reading = dialog.getByRole('status').filter({ hasText: 'reading the rest of this preview' });
        const diff = dialog.getByRole('table', { name: /Dry-run diff/ });
        return {
          submit: async () => {
            await setThreshold(dialog, 'Lower threshold', lower);
            await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
          },
          // Expired (404) offers to preview again; any other failure says what failed (an outage: waits for the daemon).
          message: () => dialog.getByRole('alert').or(dialog.getByRole('status').filter({ hasText: 'Waiting for the daemon' })),
          kept: async () => {
            await expect(diff.getByRole('row').first()).toBeVisible();
            await expect(dialog.getByRole('slider', { name: 'Lower threshold' })).toHaveAttribute('aria-valuenow', String(lower));
          },
          // A failure that may pass is read again by itself (auto-retry.ts): then there is nothing to click.
          applied: async () => (await reading.count()) === 0 && (await dialog.getByRole('alert').count()) === 0,
          retry: async () => {
            // The alert's own button (the settings' submit reads "Preview again" too).
            const button = dialog.getByRole('alert').getByRole('button', { name: /^(Retry|Preview again)$/ });
            if (await button.isVisible()) await button.click({ timeout: 5_000 }).catch(() => undefined);
          },
          once: async () => {
            await expect(reading).toHaveCount(0, { timeout: 20_000 });
            await expect(dialog.getByRole('alert')).toHaveCount(0);
            await expect(diff.getByRole('row').first()).toBeVisible();
          },
        };
      };
    },
  },
  {
    name: 'manual-compact commit',
    method: 'POST',
    path: /^\/sessions\/[^/]+\/compact$/,
    async open(page, request) {
      const session = 'ses_gen_flaky';
      const count = async () => (await apiGet<{ compaction_count: number }>(request, `/sessions/${session}`)).compaction_count;
      return async (_fault, i) => {
        // Each case lower than the last, so there is always something to compact.
        const lower = Math.round((0.5 - i * 0.03) * 100) / 100;
        const dialog = await openCompactDialog(page, session);
        await setThreshold(dialog, 'Lower threshold', lower);
        await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
        await expect(dialog.getByRole('table', { name: /Dry-run diff/ })).toBeVisible({ timeout: 20_000 });
        const before = await count();
        const commit = async () => {
          await dialog.getByRole('button', { name: 'Commit…' }).click();
          await page.getByRole('alertdialog', { name: 'Commit this compaction?' }).getByRole('button', { name: 'Commit compaction' }).click();
        };
        return {
          submit: commit,
          message: () =>
            dialog
              .getByRole('alert')
              .filter({ hasText: /Commit failed\.|The commit was not applied\.|The commit's outcome is unknown\./ })
              .or(dialog.getByRole('status').filter({ hasText: 'the session read again shows the compaction' })),
          kept: () => expect(dialog.getByRole('slider', { name: 'Lower threshold' })).toHaveAttribute('aria-valuenow', String(lower)),
          applied: async () => (await count()) > before,
          retry: commit,
          once: async () => {
            // What the dialog says, whatever it is, so a failure shows it.
            await expect(dialog.locator('[data-outcome]').or(dialog.getByRole('alert')).first()).toContainText(/Compacted[.,]/);
            await expect.poll(count).toBe(before + 1);
          },
        };
      };
    },
  },
  checkpointFlow('approve', 'ses_gen_review'),
  checkpointFlow('reject', 'ses_gen_signoff'),
  {
    name: 'rollback',
    method: 'POST',
    path: /^\/sessions\/[^/]+\/checkpoints\/[^/]+\/rollback$/,
    unlessBody: 'dry_run',
    async open(page, request) {
      const session = 'ses_gen_refactor';
      const points = async () =>
        (await apiGet<{ items: Array<{ id: string; reason: string; rolled_back?: boolean; compaction_id: string | null }> }>(request, `/sessions/${session}/checkpoints`)).items.filter(
          (c) => c.reason === 'pre_compaction',
        );
      return async () => {
        // The newest point not rolled back (the list is oldest first): rolling back to it undoes one compaction.
        const target = (await points()).filter((c) => !c.rolled_back).at(-1)!;
        const rolledBack = async () => (await points()).find((c) => c.id === target.id)?.rolled_back === true;
        await page.goto(`/sessions/${session}`);
        await panel(page, 'Checkpoints').locator(`[data-checkpoint="${target.id}"]`).getByRole('button', { name: 'Roll back…' }).click({ timeout: 20_000 });
        const dialog = page.getByRole('dialog', { name: 'Roll back past a compaction' });
        await expect(dialog.getByRole('table', { name: /Rollback preview/ })).toBeVisible({ timeout: 20_000 });
        const rollBack = async () => {
          await dialog.getByRole('button', { name: 'Roll back…' }).click();
          await page.getByRole('alertdialog', { name: `Roll back to ${target.id}?` }).getByRole('button', { name: 'Roll back', exact: true }).click();
        };
        return {
          submit: rollBack,
          message: () =>
            dialog
              .getByRole('alert')
              .filter({ hasText: /The rollback failed\.|The rollback was not applied\.|The rollback's outcome is unknown\./ })
              .or(dialog.getByRole('status').filter({ hasText: /could not be trusted, so the checkpoints were read again/ })),
          // The operator's choice of checkpoint is still the one chosen.
          kept: () => expect(dialog.getByRole('combobox', { name: 'Checkpoint' })).toContainText(target.compaction_id ?? target.id),
          applied: rolledBack,
          retry: rollBack,
          once: async () => {
            // The rollback itself, then the dialog's re-read of the checkpoints: beside seven other flows on a busy machine.
            await expect(dialog.locator('[data-outcome="rolled-back"]')).toBeVisible({ timeout: 20_000 });
            await expect.poll(rolledBack).toBe(true);
            // The daemon refuses a second rollback to the same point: nothing else may have tried.
            const again = await request.post(`${API}/sessions/${session}/checkpoints/${target.id}/rollback`, { data: { dry_run: true }, headers: { 'X-Kaged-User-Id': 'e2e' } });
            expect(again.status()).toBe(409);
          },
        };
      };
    },
  },
  {
    name: 'window override save (agents table)',
    method: 'PUT',
    path: /^\/model-windows$/,
    async open(page, request) {
      // A model no other flow's session runs on (the imported OpenAI-chat runs): its window changes no other flow's figures.
      const model = 'deepseek:deepseek-chat';
      const read = () => apiGet<{ override_tokens: number | null; version: number }>(request, `/model-windows?model=${encodeURIComponent(model)}`);
      const change = page.getByRole('region', { name: 'Agents' }).getByRole('button', { name: `Change the context window of ${model}` });
      const dialog = page.getByRole('dialog', { name: `Context window of ${model}` });
      const field = dialog.getByRole('textbox', { name: 'Override (tokens)' });
      await page.goto('/sessions/ses_django-11910');
      await expect(change).toBeVisible({ timeout: 20_000 });
      return async (_fault, i) => {
        const tokens = String(90_000 + i * 1_000);
        const before = (await read()).version;
        // Each case in a freshly opened dialog, based on the version the daemon holds now.
        if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Cancel' }).click();
        await change.click();
        await expect(field).toBeEditable({ timeout: 15_000 });
        return {
          submit: async () => {
            await field.fill(tokens);
            await dialog.getByRole('button', { name: 'Save', exact: true }).click();
          },
          // Failed (said in the dialog), or saved after all (the window read again holds it).
          message: () => dialog.getByRole('alert').or(dialog.getByRole('status').filter({ hasText: 'reading the window again shows it saved' })),
          kept: async () => expect(field).toHaveValue(tokens),
          applied: async () => String((await read()).override_tokens) === tokens,
          retry: () => dialog.getByRole('button', { name: 'Save', exact: true }).click(),
          once: async () => {
            await expect.poll(async () => String((await read()).override_tokens)).toBe(tokens);
            expect((await read()).version).toBe(before + 1);
          },
        };
      };
    },
  },
];

/** The manual-compact dialog of a session, on a fresh load with no kept settings (what one case leaves does not decide the next). */
async function openCompactDialog(page: Page, session: string): Promise<Locator> {
  if (page.url().startsWith('http')) await page.evaluate(() => window.localStorage.clear());
  await page.goto(`/sessions/${session}`);
  await page.getByRole('button', { name: 'Compact…' }).click({ timeout: 20_000 });
  // The real dialog, not its loading frame ("Compact (loading)").
  const dialog = page.getByRole('dialog', { name: 'Compact', exact: true });
  await expect(dialog.getByRole('slider', { name: 'Lower threshold' })).toBeVisible({ timeout: 20_000 });
  return dialog;
}

interface CheckpointLite {
  id: string;
  resolution: string | null;
}

/** Approve or reject a waiting proposal on its review page; each case gets a new proposal (the checkpoint strategy, run by hand over HTTP). */
function checkpointFlow(action: 'approve' | 'reject', session: string): Flow {
  const label = action === 'approve' ? 'Approve' : 'Reject';
  return {
    name: `checkpoint ${action}`,
    method: 'POST',
    path: /^\/sessions\/[^/]+\/checkpoints\/[^/]+\/resume$/,
    async open(page, request) {
      const sessionNow = () => apiGet<{ compaction_count: number; pending_checkpoint_id: string | null }>(request, `/sessions/${session}`);
      return async () => {
        let id = (await sessionNow()).pending_checkpoint_id;
        // An approved proposal compacts, so the next one needs a lower target (lowered until one waits); a rejected one changes nothing.
        for (let lower = 0.5; id === null; lower = Math.round(lower * 900) / 1000) {
          const made = await request.post(`${API}/sessions/${session}/compact`, {
            headers: { 'X-Kaged-User-Id': 'e2e' },
            data: { agent_path: 'primary', strategy: 'checkpoint', upper_threshold: 0.55, lower_threshold: lower },
          });
          const answer = (await made.json()) as { outcome?: string; checkpoint_id?: string | null };
          id = answer.checkpoint_id ?? null;
          if (id === null && (answer.outcome !== 'noop' || lower < 0.05)) throw new Error(`no new proposal waits: the daemon answered ${made.status()}: ${JSON.stringify(answer).slice(0, 200)}`);
        }
        const checkpoint = id!;
        const resolution = async () =>
          (await apiGet<{ items: CheckpointLite[] }>(request, `/sessions/${session}/checkpoints`)).items.find((c) => c.id === checkpoint)?.resolution ?? null;
        const before = (await sessionNow()).compaction_count;
        await page.goto(`/sessions/${session}/checkpoints/${checkpoint}`);
        await expect(page.getByRole('table', { name: /Proposal diff/ })).toBeVisible({ timeout: 20_000 });
        const decide = async () => {
          await page.getByRole('button', { name: `${label}…` }).click();
          await page.getByRole('alertdialog', { name: `${label} this compaction?` }).getByRole('button', { name: `${label} and resume` }).click();
        };
        return {
          submit: decide,
          message: () =>
            page
              .getByRole('alert')
              .filter({ hasText: /Resolving the checkpoint( failed\.|: the outcome is unknown)/ })
              .or(page.getByRole('status').filter({ hasText: /answer to the decision could not be trusted/ })),
          // Still waiting with the decision on offer, or resolved and said so.
          kept: async () => {
            await expect(page.getByRole('button', { name: `${label}…` }).or(page.getByRole('status').filter({ hasText: /Already (approved|rejected)/ }))).toBeVisible();
          },
          applied: async () => (await resolution()) !== null,
          retry: decide,
          once: async () => {
            await expect.poll(resolution).toBe(action === 'approve' ? 'approved' : 'rejected');
            await expect(page.locator('[data-outcome]').or(page.getByRole('status').filter({ hasText: /Already/ })).first()).toContainText(
              action === 'approve' ? /Compacted[.,]|Already approved/ : /Rejected\.|Already rejected/,
            );
            expect((await sessionNow()).compaction_count).toBe(before + (action === 'approve' ? 1 : 0));
          },
        };
      };
    },
  };
}

/**
 * Opening a screen comes before its fault is set, and every opening can be done again (it loads the
 * page and finds what it needs): a page load that stalled on a busy machine (eight flows start at
 * once, each in a new browser context) gets a second try, printed with what failed the first.
 */
async function secondTry<T>(what: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    const opened = await open();
    console.log(`fault matrix (writes): ${what} opened on its second try; the first: ${brief(error)}`);
    return opened;
  }
}

/** Runs one flow on its own page, fault after fault; a case that fails is recorded and the flow goes on. */
async function runFlow(flow: Flow, page: Page, request: APIRequestContext): Promise<void> {
  // A click that cannot land fails the case in seconds, not at the test's limit; a page load on a busy machine may take longer.
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(45_000);
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  const fault = faultRequests(page, { method: flow.method, path: flow.path.source, ...(flow.unlessBody ? { unlessBody: flow.unlessBody } : {}) });
  let next: Awaited<ReturnType<Flow['open']>>;
  try {
    next = await secondTry(`${flow.name}: the screen`, () => flow.open(page, request));
  } catch (error) {
    counts.cases += FAULTS.length;
    failures.push(`${flow.name}: the screen did not open: ${String(error).split('\n').slice(0, 3).join(' ')}`);
    return;
  }
  for (const [i, f] of FAULTS.entries()) {
    counts.cases += 1;
    let lost = false;
    let step = 'opening the screen';
    try {
      const c = await secondTry(`${flow.name} × ${f.name}: the screen`, () => next(f, i));
      await fault(f.spec);
      step = 'submitting';
      await c.submit();
      step = 'a message naming what failed';
      // A timeout is the client's limit (15 s) before it says so, then a re-read.
      await expect(c.message().first(), 'a message naming what failed').toBeVisible({ timeout: f.spec === 'timeout' ? 40_000 : 15_000 });
      await expect(page.getByRole('heading', { name: /Something broke on this page/ })).toHaveCount(0);
      await fault(null);
      step = "the operator's edit still there";
      try {
        await c.kept();
      } catch (error) {
        lost = true;
        throw error;
      }
      step = 'one retry by the operator (none by itself) taking effect exactly once';
      if (!(await c.applied())) await c.retry();
      await c.once();
      expect(pageErrors.map(String), 'page errors').toEqual([]);
    } catch (error) {
      await fault(null);
      const known = KNOWN[flow.name]?.[f.name];
      if (lost) {
        counts.lost += 1;
        if (known) counts.lostKnown += 1;
      }
      const what = `${flow.name} × ${f.name}`;
      if (known) {
        counts.known += 1;
        console.log(`fault matrix (writes), known failure${lost ? ' (edit lost)' : ''}: ${what}: ${known}`);
      } else {
        failures.push(`${what}${lost ? ' (EDIT LOST)' : ''}, at ${step}: ${brief(error)}`);
        console.log(`fault matrix (writes), FAILED: ${failures.at(-1)}`);
      }
      pageErrors.length = 0;
    }
  }
}

test('writes × every fault: a message naming what failed, no retry by itself, nothing lost, exactly once on the operator\'s retry', async ({ browser, request }, info) => {
  test.setTimeout(FAULTS.length * 60_000);
  await resetDaemon(request);
  const began = Date.now();
  // Each flow on its own session (or records), so they run side by side on one daemon.
  const only = process.env.FAULT_MATRIX_FLOWS;
  const flows = only ? FLOWS.filter((f) => only.split(',').some((o) => f.name.includes(o))) : FLOWS;
  await pool(flows, flows.length, async (flow) => {
    // Reduced motion: the skeletons' shimmer would otherwise repaint every flow's page while it waits.
    const context = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    try {
      await runFlow(flow, await context.newPage(), request);
    } finally {
      await context.close();
    }
  });
  console.log(
    `fault matrix (writes): ${counts.cases} cases (${flows.length} writes × ${FAULTS.length} faults), ${counts.lost} lost edits (${counts.lostKnown} of them in known failures), ${counts.known} known failures, ${failures.length} failed, in ${Math.round((Date.now() - began) / 1000)} s`,
  );
  expect(counts.cases).toBe(flows.length * FAULTS.length);
  expect(failures, `write cases failing:\n  ${failures.join('\n  ')}`).toEqual([]);
  // Only a listed known failure may lose an edit (printed above); any other lost edit fails here.
  expect(counts.lost - counts.lostKnown, 'lost edits outside the known failures').toBe(0);
});
