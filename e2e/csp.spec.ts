import { expect, test } from '@playwright/test';
import { apiGet, listSessions, resetDaemon } from './support/daemon';
import { watchPage } from './support/csp';
import { sessionRows } from './support/ui';

test('the built app is served with a strict Content-Security-Policy, as a header and in the page', async ({ page }) => {
  for (const path of ['/', '/sessions/anything/compactions/x']) {
    const response = await page.goto(path);
    const header = response?.headers()['content-security-policy'] ?? '';
    expect(header, `${path}: the header`).toContain("script-src 'self'");
    expect(header).toContain("object-src 'none'");
    expect(header).toContain("frame-ancestors 'none'");
    expect(header).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(meta, `${path}: the meta tag`).toContain("script-src 'self'");
  }
});

test('every screen works under the policy without a single violation', async ({ page, request }) => {
  await resetDaemon(request);
  const watched = await watchPage(page);
  const session = (await listSessions(request)).find((s) => s.id === 'ses_gen_refactor');
  if (!session) throw new Error('the seed has ses_gen_refactor');

  await page.goto('/');
  await expect(sessionRows(page).first()).toBeVisible();
  // The import dialog checks the simulator's import shapes (compiled at build time, no eval).
  await page.getByRole('button', { name: 'Import transcripts…' }).click();
  await expect(page.getByRole('dialog', { name: 'Import transcripts' }).getByLabel('Transcript files')).toBeAttached();
  await page.keyboard.press('Escape');
  await page.goto(`/sessions/${encodeURIComponent(session.id)}`);
  await expect(page.locator('[data-compaction-id]').first()).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Compact…' }).click();
  await expect(page.getByRole('dialog', { name: 'Compact' })).toBeVisible();
  await page.keyboard.press('Escape');
  const record = (await apiGet<{ items: Array<{ id: string }> }>(request, `/sessions/${encodeURIComponent(session.id)}/compactions?limit=1`)).items[0];
  await page.goto(`/sessions/${encodeURIComponent(session.id)}/compactions/${encodeURIComponent(record?.id ?? '')}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(record?.id ?? '');
  await page.goto('/settings');
  await expect(page.getByLabel('Operator id')).toBeVisible();
  // The knobs screen validates with the knob schemas at run time: a value off the step gets its message, with no eval.
  await page.goto(`/sessions/${encodeURIComponent(session.id)}/knobs?agent=primary`);
  const upper = page.locator('.kf').filter({ has: page.getByText('Upper threshold', { exact: true }) });
  const upperInput = upper.getByRole('spinbutton', { name: 'Upper threshold' });
  await upperInput.fill('33.3');
  await upperInput.press('Tab');
  await expect(upper.getByRole('alert')).toHaveText('33.3 % is not on a step of 1 % from 5 % (nearest allowed: 33 %)');
  await page.goto(`/projects/${encodeURIComponent(session.project_id)}`);
  await page.goto('/no/such/screen');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(watched.violations).toEqual([]);
});

test('markup that reaches the DOM cannot run script: the policy blocks it and reports the violation', async ({ page }) => {
  const watched = await watchPage(page);
  await page.goto('/');
  const outcome = await page.evaluate(async () => {
    const box = document.createElement('div');
    document.body.append(box);
    // What a careless innerHTML of hostile text would do:
    box.innerHTML =
      '<img src="data:," onload="window.__pwned=1" onerror="window.__pwned=1"><a href="javascript:window.__pwned=2" id="js-link">x</a><button type="button" id="js-button" onclick="window.__pwned=5">y</button>';
    const script = document.createElement('script');
    script.textContent = 'window.__pwned = 3';
    document.body.append(script);
    (document.getElementById('js-link') as HTMLAnchorElement).click();
    // An inline handler that certainly runs if allowed (whether an image's load or error event fires varies with the browser).
    (document.getElementById('js-button') as HTMLButtonElement).click();
    // Run later, as the page's own task (DevTools' evaluation itself is exempt from the policy).
    const evalBlocked = await new Promise<boolean>((resolve) => {
      setTimeout(() => {
        try {
          (0, eval)('window.__pwned = 4');
          resolve(false);
        } catch (error) {
          resolve(error instanceof EvalError);
        }
      }, 0);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { evalBlocked, pwned: window.__pwned };
  });
  expect(outcome).toEqual({ evalBlocked: true, pwned: undefined });
  await expect.poll(() => watched.violations.map((v) => v.directive)).toEqual(
    expect.arrayContaining(['script-src', 'script-src-attr', 'script-src-elem']),
  );
});
