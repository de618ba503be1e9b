/**
 * The fault matrix, writes (issue 11): each write the operator makes × every fault the daemon can
 * answer it with. The fault goes on that write's request only (the simulator's per-request header,
 * added with page.route), one flow per page: fault, check, clear, next fault. For each case: a
 * message naming what failed, no page error, the operator's edit still there (pressed, in the
 * field, or pending), and once the fault is gone one retry (the operator's click: no write here is
 * repeated by itself) takes effect exactly once, checked on the daemon's state over HTTP. A write
 * the daemon applied but answered with a contract-breaking body (or not in time) is "outcome
 * unknown": the state is read again, and then it must hold the edit once, with nothing lost.
 * Prints the count of cases and of lost edits; a lost edit fails the suite unless its case is a
 * listed known failure (printed and counted on every run).
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiGet, resetDaemon } from './support/daemon';
import { flagButton, getCompaction, ledgerRow, listCompactions, notesField } from './support/compactions';
import { apiPath, READ_FAULTS, type ReadFault } from './support/fault-matrix';

/** The faults a write can meet: the reads' list (500, 503 with Retry-After, timeout, malformed, invalid, 401, 403, 404, 409). */
const FAULTS: readonly ReadFault[] = READ_FAULTS;

const counts = { cases: 0, lost: 0, lostKnown: 0, known: 0 };
/** Every failing case, by flow: collected (a flow goes on with its next fault), asserted by the last test. */
const failures: string[] = [];

/**
 * Cases that fail today for reasons outside this suite, printed and counted on every run instead of
 * failing it, until fixed. A case not listed fails the test.
 */
const KNOWN: Record<string, Record<string, string>> = {
  'knob save (knobs screen)': {
    'schema-invalid body':
      "the knobs screen does not treat a save answered with a contract-breaking body as outcome unknown (no re-read, unlike flags/notes and rollback): the daemon applied it, the screen says it failed and the field no longer shows the operator's value",
  },
};

test.describe.configure({ mode: 'serial' });

test.afterAll(() => {
  console.log(
    `fault matrix (writes): ${counts.cases} cases, ${counts.lost} lost edits (${counts.lostKnown} of them in known failures), ${counts.known} known failures`,
  );
});

/** Gives the page's requests of `method` to a path matching `path` the fault `spec` while `state.spec` is set. */
async function faultWrite(page: Page, method: string, path: RegExp): Promise<{ spec: string | null }> {
  const state: { spec: string | null } = { spec: null };
  await page.route(/\/api\/v1\//, async (route) => {
    const request = route.request();
    const p = apiPath(request.url());
    if (state.spec === null || request.method() !== method || p === null || !path.test(p)) return route.fallback();
    return route.fallback({ headers: { ...request.headers(), 'x-kaged-mock-fault': state.spec } });
  });
  return state;
}

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
  /** Opens the screen; returns the case for one fault (called once per fault, in turn). */
  open(page: Page, request: APIRequestContext): Promise<(fault: ReadFault, index: number) => Promise<Case>>;
}

const SESSION = 'ses_gen_memory';
const PATCH_RECORD = /^\/sessions\/[^/]+\/compactions\/(?!dry-run$)[^/]+$/;

/** One record per fault, in the ledger's order (the first rows are in view). */
async function records(request: APIRequestContext, flaggable: boolean) {
  const items = (await listCompactions(request, SESSION)).items.filter((r) => !flaggable || r.operator_flag !== 'good');
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
      const targets = await records(request, true);
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
      const targets = await records(request, false);
      return async (fault, i) => {
        const record = targets[i]!;
        const text = `note under ${fault.name}`;
        await page.goto(`/sessions/${SESSION}/compactions/${record.id}`);
        await expect(notesField(page)).toBeEditable({ timeout: 20_000 });
        return {
          submit: async () => {
            await notesField(page).fill(text);
            await page.getByRole('button', { name: 'Save notes' }).click();
          },
          message: () => saveNotice(page, record.id).filter({ hasText: 'the notes' }),
          kept: async () => expect(notesField(page)).toHaveValue(text),
          applied: async () => (await getCompaction(request, SESSION, record.id)).operator_notes === text,
          retry: () => notesField(page).press('Control+Enter'),
          once: async () => {
            await expect.poll(async () => (await getCompaction(request, SESSION, record.id)).operator_notes).toBe(text);
            expect((await getCompaction(request, SESSION, record.id)).version).toBe(record.version + 1);
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
        const value = (0.84 - i * 0.01).toFixed(2);
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
          message: () => page.getByRole('alert').filter({ hasText: 'Saving primary failed; every edit is kept.' }),
          kept: async () => {
            await expect(upper).toHaveValue(value);
            await expect(page.getByRole('status').filter({ hasText: 'unsaved' })).toContainText('1 change on 1 agent');
          },
          applied: async () => (await config()).version > before,
          retry: save,
          once: async () => {
            await expect(page.getByRole('status').filter({ hasText: 'Saved 1 agent.' })).toBeVisible();
            await expect.poll(async () => (await config()).version).toBe(before + 1);
            await expect(upper).toHaveValue(value);
          },
        };
      };
    },
  },
];

for (const flow of FLOWS) {
  test(`writes × every fault: ${flow.name}`, async ({ page, request }) => {
    test.setTimeout(FAULTS.length * 45_000);
    await resetDaemon(request);
    // A click that cannot land fails the case in seconds, not at the test's limit.
    page.setDefaultTimeout(15_000);
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    const fault = await faultWrite(page, flow.method, flow.path);
    let next: Awaited<ReturnType<Flow['open']>>;
    try {
      next = await flow.open(page, request);
    } catch (error) {
      counts.cases += FAULTS.length;
      failures.push(`${flow.name}: the screen did not open: ${String(error).split('\n').slice(0, 3).join(' ')}`);
      return;
    }
    for (const [i, f] of FAULTS.entries()) {
      counts.cases += 1;
      let lost = false;
      try {
        const c = await next(f, i);
        fault.spec = f.spec;
        await c.submit();
        // A timeout is the client's limit (15 s) before it says so.
        await expect(c.message().first(), 'a message naming what failed').toBeVisible({ timeout: f.spec === 'timeout' ? 40_000 : 15_000 });
        await expect(page.getByRole('heading', { name: /Something broke on this page/ })).toHaveCount(0);
        fault.spec = null;
        try {
          await c.kept();
        } catch (error) {
          lost = true;
          throw error;
        }
        if (!(await c.applied())) await c.retry();
        await c.once();
        expect(pageErrors.map(String), 'page errors').toEqual([]);
      } catch (error) {
        fault.spec = null;
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
          failures.push(`${what}${lost ? ' (EDIT LOST)' : ''}: ${String(error).split('\n').slice(0, 4).join(' ')}`);
          console.log(`fault matrix (writes), FAILED: ${failures.at(-1)}`);
        }
        pageErrors.length = 0;
      }
    }
  });
}

test('writes × every fault: no case failed and no edit was lost', () => {
  expect(counts.cases, 'cases run').toBeGreaterThan(0);
  expect(failures).toEqual([]);
  // Only a listed known failure may lose an edit (printed above); any other lost edit fails here.
  expect(counts.lost - counts.lostKnown, 'lost edits outside the known failures').toBe(0);
});
