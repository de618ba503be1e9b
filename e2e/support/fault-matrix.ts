/**
 * The fault matrix's tables (issue 11): the contract's operations, the faults, how a page's reads
 * get a fault (the simulator's X-Kaged-Mock-Fault header, added per page so cases run side by
 * side on one daemon), and what a page must show when a read fails.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, type Request } from '@playwright/test';
import type { ScopedFault } from '../../mocks/handlers/faults';

export interface Operation {
  /** `GET /sessions/{session_id}` */
  key: string;
  method: string;
  re: RegExp;
}

const contract = JSON.parse(readFileSync(new URL('../../src/domain/contract/kaged-openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};

/** Every operation of the contract, literal paths before templated ones (so /compactions/dry-run is not {compaction_id}). */
export const OPERATIONS: Operation[] = Object.entries(contract.paths)
  .flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({
        key: `${m.toUpperCase()} ${path}`,
        method: m.toUpperCase(),
        re: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        templated: (path.match(/\{/g) ?? []).length,
      })),
  )
  .sort((a, b) => a.templated - b.templated)
  .map(({ key, method, re }) => ({ key, method, re }));

/** The API path of a request to the daemon (after /api/v1), or null. */
export function apiPath(url: string): string | null {
  const { pathname } = new URL(url);
  const at = pathname.indexOf('/api/v1/');
  return at < 0 ? null : pathname.slice(at + '/api/v1'.length);
}

/** The contract operation a request is, or null (not the API, or not in the contract). */
export function operationOf(request: Pick<Request, 'method' | 'url'>): Operation | null {
  const path = apiPath(request.url());
  if (path === null) return null;
  return OPERATIONS.find((op) => op.method === request.method() && op.re.test(path)) ?? null;
}

export interface ReadFault {
  name: string;
  /** The simulator's fault spec. */
  spec: string;
  /** The failed panel must recover by itself once the daemon answers again (else: by Retry). */
  recoversItself: boolean;
}

/** What a read can meet. Reads are always safe to retry; those that another read would only repeat wait for Retry. */
export const READ_FAULTS: ReadFault[] = [
  { name: '500', spec: 'status:500', recoversItself: true },
  { name: '503 with Retry-After', spec: 'status:503', recoversItself: true },
  { name: 'timeout', spec: 'timeout', recoversItself: true },
  { name: 'malformed JSON', spec: 'malformed', recoversItself: true },
  { name: 'schema-invalid body', spec: 'invalid', recoversItself: false },
  { name: '401', spec: 'status:401', recoversItself: false },
  { name: '403', spec: 'status:403', recoversItself: false },
  { name: '404', spec: 'status:404', recoversItself: false },
  { name: '409', spec: 'status:409', recoversItself: false },
];

/**
 * Reads that are not a screen's own: the daemon-level probe (the outage banner's business,
 * e2e/outage.spec.ts) and the shell's project list (the top bar's switcher, its own row).
 */
export const SHELL_READS = /^\/(health|projects)$/;

/**
 * Gives the page's requests to the daemon a fault, until cleared: one header on every request the
 * page sends (the simulator's scoped fault names which of them fail). Not page.route: routing
 * turns off the browser's HTTP cache, so every case would download and compile the app again.
 */
export function faultRequests(page: Page, scope: Omit<ScopedFault, 'fault'>): (spec: string | null) => Promise<void> {
  return (spec) => page.setExtraHTTPHeaders(spec === null ? {} : { 'x-kaged-mock-fault': JSON.stringify({ ...scope, fault: spec }) });
}

/**
 * Gives every GET the page sends to the daemon this fault (all but the shell's reads, or only the
 * paths `only` matches), until the returned function is called.
 */
export async function faultReads(page: Page, spec: string, only?: RegExp): Promise<() => Promise<void>> {
  const set = faultRequests(page, { method: 'GET', ...(only ? { path: only.source } : { except: SHELL_READS.source }) });
  await set(spec);
  return () => set(null);
}

/** An error's first line and what it expected and received, on one line: enough to say what went wrong in a CI log's tail. */
export function brief(error: unknown): string {
  const lines = String(error)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return [lines[0], ...lines.slice(1).filter((l) => /^(Locator|Expected|Received|Timeout)/.test(l))].join(' ').slice(0, 600);
}

/** Runs `fn` over `items`, at most `n` at a time. */
export async function pool<T, R>(items: readonly T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return results;
}

/** The page's failure messages: a panel's error or waiting state, or the page-level outage banner. */
export function failureMessages(page: Page) {
  return page.locator('.state--error, .state--waiting, [role="alert"][aria-label="Daemon not answering"]');
}

/** A failure message, or the page saying its subject does not exist (a 404 on the page's own subject). */
function failureOrNotFound(page: Page) {
  return failureMessages(page).or(page.locator('.state--empty').filter({ hasText: 'does not exist' }));
}

/**
 * A failed read is said specifically: every failed panel has a headline in words (not the raw
 * transport wording) and names the endpoint that failed; or the page says the daemon is not
 * answering, or that its subject does not exist. Nothing crashed the page.
 */
export async function expectNamedFailure(page: Page, timeout: number): Promise<void> {
  await expect(failureOrNotFound(page).first()).toBeVisible({ timeout });
  await expect(page.getByRole('heading', { name: /Something broke on this page|could not be loaded/ })).toHaveCount(0);
  // Whole messages read at one moment: a panel that tries again by itself goes from its message to
  // loading, or to waiting for the daemon probe, and back.
  await expect
    .poll(() => page.evaluate(howFailureIsSaid), { timeout: 15_000, intervals: [100, 250, 500], message: 'how the page says what failed' })
    .toBe('said');
}

/** Runs in the page: 'said' when the failure is said as it should be at this moment, else what is wrong. */
function howFailureIsSaid(): string {
  const panels = [...document.querySelectorAll('.state--error')];
  if (panels.length === 0) {
    if (document.querySelector('[role="alert"][aria-label="Daemon not answering"]')) return 'said'; // e2e/outage.spec.ts checks its wording
    if ([...document.querySelectorAll('.state--empty')].some((e) => e.textContent?.includes('does not exist'))) return 'said';
    return 'no failure said at this moment';
  }
  for (const panel of panels) {
    const title = panel.querySelector('.state__title')?.textContent ?? '';
    const detail = panel.querySelector('.state__detail')?.textContent ?? '';
    if (!/^(Could not|Not allowed|The daemon)[^{}]*\.$/.test(title)) return `a headline not in words: "${title}"`;
    if (/answered \d{3}|not JSON|\/api\/v1/.test(title)) return `a headline in transport wording: "${title}"`;
    if (!/(GET|POST|PUT|PATCH) \//.test(detail)) return `a message not naming the endpoint: "${detail.slice(0, 200)}"`;
  }
  return 'said';
}
