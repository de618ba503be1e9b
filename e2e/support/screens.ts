/**
 * Every screen of the app, once: the smoke, accessibility and narrow-screen suites visit each.
 * A new route is one more entry here (its address, and what shows once it is ready).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiGet, listProjects } from './daemon';

export interface Screen {
  name: string;
  /** The address to open (may ask the simulator for ids). */
  path(request: APIRequestContext): Promise<string>;
  /** Waits until the screen shows its data (not its skeleton). */
  ready(page: Page): Promise<void>;
  /** After `ready`, opens what the screen is about (a dialog), when it is not the page itself. */
  open?(page: Page): Promise<void>;
}

/** The generated session with checkpoints, rollbacks and a pending proposal. */
const REVIEW_SESSION = 'ses_gen_review';
const SESSION = 'ses_gen_refactor';

async function firstCompaction(request: APIRequestContext): Promise<string> {
  const page = await apiGet<{ items: { id: string }[] }>(request, `/sessions/${SESSION}/compactions?limit=1`);
  return page.items[0]!.id;
}

async function sessionReady(page: Page): Promise<void> {
  // A cold load of the session view: on a busy 2-core machine (the demo project's dev server
  // compiling beside it) its header once took longer than the default 7 s.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-compaction-id]').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Agents' }).or(page.getByRole('region', { name: 'Agents' })).first()).toBeVisible();
}

export const SCREENS: Screen[] = [
  {
    name: 'sessions',
    path: async () => '/sessions',
    ready: async (page) => expect(page.getByRole('table', { name: 'Sessions', exact: true }).locator('tbody tr').first().getByRole('link').first()).toBeVisible(),
  },
  {
    name: 'session',
    path: async () => `/sessions/${SESSION}`,
    ready: sessionReady,
  },
  {
    name: 'compact-dialog',
    path: async () => `/sessions/${SESSION}`,
    ready: sessionReady,
    open: async (page) => {
      await page.getByRole('button', { name: 'Compact…' }).click();
      // The real dialog, not its loading frame ("Compact (loading)") while the chunk loads.
      const dialog = page.getByRole('dialog', { name: 'Compact', exact: true });
      await expect(dialog).toBeVisible({ timeout: 20_000 });
      await dialog.getByRole('button', { name: /^Preview/ }).click();
      await expect(dialog.getByRole('table', { name: /diff/i })).toBeVisible({ timeout: 20_000 });
    },
  },
  {
    name: 'window-dialog',
    path: async () => `/sessions/${SESSION}`,
    ready: sessionReady,
    open: async (page) => {
      await page.getByRole('button', { name: /^Change the context window of / }).first().click();
      await expect(page.getByRole('dialog', { name: /^Context window of / }).getByText('Model catalog', { exact: true })).toBeVisible({ timeout: 20_000 });
    },
  },
  {
    name: 'project',
    path: async (request) => `/projects/${(await listProjects(request))[0]!.id}`,
    ready: async (page) => expect(page.getByRole('table', { name: 'Sessions', exact: true }).locator('tbody tr').first().getByRole('link').first()).toBeVisible(),
  },
  {
    name: 'compaction-detail',
    path: async (request) => `/sessions/${SESSION}/compactions/${await firstCompaction(request)}`,
    // The record itself (the heading shows the id from the address before the record has come).
    ready: async (page) => expect(page.locator('section[aria-label="Record"]')).toBeVisible(),
  },
  {
    name: 'checkpoint-review',
    path: async (request) => {
      const { pending_checkpoint_id: id } = await apiGet<{ pending_checkpoint_id: string }>(request, `/sessions/${REVIEW_SESSION}`);
      return `/sessions/${REVIEW_SESSION}/checkpoints/${id}`;
    },
    ready: async (page) => expect(page.getByRole('table', { name: /Proposal diff/ })).toBeVisible(),
  },
  {
    name: 'knobs',
    path: async () => `/sessions/${SESSION}/knobs?agent=primary&group=trigger`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'primary' })).toBeVisible();
      await expect(page.locator('.kf').first()).toBeVisible();
    },
  },
  {
    name: 'threshold-lab',
    path: async () => `/sessions/${SESSION}/lab`,
    ready: async (page) => expect(page.getByRole('heading', { name: 'Threshold lab' })).toBeVisible(),
  },
  {
    name: 'health',
    path: async () => '/health?range=all',
    ready: async (page) => expect(page.locator('dl.health-headline:not([aria-busy]) dd').first()).toBeVisible({ timeout: 20_000 }),
  },
  {
    name: 'compactions',
    path: async () => '/compactions',
    ready: async (page) => expect(page.locator('[data-compaction-id]').first()).toBeVisible({ timeout: 20_000 }),
  },
  {
    // The cross-session screens ask the daemon for aggregates over the whole history: like the health view, 20 s.
    name: 'review-queue',
    path: async () => '/review?plugin=hindsight',
    ready: async (page) => expect(page.locator('.review-item__head h2')).toBeVisible({ timeout: 20_000 }),
  },
  {
    name: 'audit',
    path: async () => '/audit',
    ready: async (page) => expect(page.getByRole('region', { name: 'Audit events' }).getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 }),
  },
  {
    name: 'plugin',
    path: async () => '/plugins/hindsight?range=all',
    ready: async (page) => expect(page.getByRole('heading', { level: 1, name: 'hindsight' })).toBeVisible(),
  },
  {
    name: 'settings',
    path: async () => '/settings',
    ready: async (page) => expect(page.getByRole('form', { name: 'Connection' })).toBeVisible(),
  },
  {
    name: 'not-found',
    path: async () => '/no/such/page',
    ready: async (page) => expect(page.getByRole('heading', { name: 'Nothing here' })).toBeVisible(),
  },
];
