/** The compaction view (stats, ledger, event detail) as an operator reads and drives it. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API, apiGet } from './daemon';

export interface RecordLite {
  id: string;
  session_id: string;
  agent_path: string;
  trigger: string;
  strategy: string;
  operator_flag: 'good' | 'bad' | 'neutral' | null;
  operator_notes: string | null;
  version: number;
  summary: string | null;
  fallback_occurred: boolean;
  plugins_fired: Array<{ name: string; hook: string; result_kind: string }>;
  cost_usd: number;
  threshold_estimate: number;
  provenance: { origin: 'recorded' | 'simulated'; tokens_before: string; tokens_after: string; cost: string; summary: string | null };
}

export interface PageLite {
  items: RecordLite[];
  next_cursor: string | null;
  total: number;
}

export interface StatsLite {
  events_total: number;
  by_trigger: Array<{ key: string; count: number }>;
  by_strategy: Array<{ key: string; count: number }>;
  fallback_total: number;
  fallback_reasons: Array<{ key: string; count: number }>;
  tokens_saved: number;
  cost: { primary_usd: number; compactor_usd: number; total_usd: number };
  hook_timings: Array<{ plugin: string; hook: string; count: number; p50_ms: number; p95_ms: number; max_ms: number; result_kinds: Array<{ key: string; count: number }> }>;
}

export async function listCompactions(request: APIRequestContext, sessionId: string, query = ''): Promise<PageLite> {
  return apiGet<PageLite>(request, `/sessions/${encodeURIComponent(sessionId)}/compactions?limit=1000${query ? `&${query}` : ''}`);
}

export async function getCompaction(request: APIRequestContext, sessionId: string, id: string): Promise<RecordLite> {
  return apiGet<RecordLite>(request, `/sessions/${encodeURIComponent(sessionId)}/compactions/${encodeURIComponent(id)}`);
}

export async function sessionStats(request: APIRequestContext, sessionId: string): Promise<StatsLite> {
  return apiGet<StatsLite>(request, `/sessions/${encodeURIComponent(sessionId)}/compaction-stats`);
}

/** Sets a flag (and notes) through the API, as another operator would. */
export async function flagViaApi(request: APIRequestContext, record: Pick<RecordLite, 'session_id' | 'id'>, body: { flag?: string | null; notes?: string | null }, actor = 'other-operator'): Promise<RecordLite> {
  const current = await getCompaction(request, record.session_id, record.id);
  const response = await request.patch(`${API}/sessions/${encodeURIComponent(record.session_id)}/compactions/${encodeURIComponent(record.id)}`, {
    headers: { 'X-Kaged-User-Id': actor },
    data: { ...body, version: current.version },
  });
  expect(response.ok(), 'the flag is saved').toBeTruthy();
  return (await response.json()) as RecordLite;
}

/** The "Usd" the UI shows: $1.23 from a dollar up, $0.0123 below. */
export function usd(value: number): string {
  if (value === 0) return '$0.00';
  if (value >= 1) return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return `$${value.toFixed(4)}`;
}

export function ledgerGrid(page: Page): Locator {
  return page.getByRole('grid', { name: 'Compaction ledger', exact: true });
}

/** The ledger's rendered event rows (only those in view: the grid is virtualised). */
export function ledgerRows(page: Page): Locator {
  return ledgerGrid(page).locator('[role="row"][data-compaction-id]');
}

export function ledgerRow(page: Page, id: string): Locator {
  return ledgerGrid(page).locator(`[role="row"][data-compaction-id="${id}"]`);
}

/** The ids of the rendered rows, top to bottom. */
export async function renderedIds(page: Page): Promise<string[]> {
  return ledgerRows(page).evaluateAll((rows) =>
    rows
      .map((row) => ({ id: row.getAttribute('data-compaction-id') ?? '', index: Number(row.getAttribute('aria-rowindex')) }))
      .sort((a, b) => a.index - b.index)
      .map((row) => row.id),
  );
}

/** The ledger's count ("12 events", "3 events match"). */
export function ledgerCount(page: Page): Locator {
  return page.getByRole('region', { name: 'Ledger', exact: true }).locator('.ledger-panel__count');
}

/** Ticks values of a ledger multi-choice filter (Trigger, Strategy, Flag) and closes it. */
export async function pickFilter(page: Page, label: string, values: string[]): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${label}:`) }).click();
  for (const value of values) await page.getByRole('menuitemcheckbox', { name: value, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** Chooses the value of a single-choice ledger filter (Fallback, Plugin). */
export async function pickOne(page: Page, label: string, value: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${label}:`) }).click();
  await page.getByRole('menuitemradio', { name: value, exact: true }).click();
}

/** The flag buttons of a row or of the detail's verdict. */
export function flagButton(scope: Locator | Page, flag: 'Good' | 'Bad' | 'Neutral'): Locator {
  return scope.getByRole('button', { name: flag, exact: true });
}

export function notesField(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Notes' });
}

/** One headline figure of the Compaction panel, by its exact label. */
export function statFigure(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Compaction', exact: true })
    .locator('.stat')
    .filter({ has: page.locator('.stat__label', { hasText: new RegExp(`^${label}$`) }) });
}

/** The ledger count's text for `total` records: "1 event", "12 events", "3 events match". */
export function countText(total: number, filtered = false): string {
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'event' : 'events'}${filtered ? ' match' : ''}`;
}

/**
 * The reads a session page makes once it is idle (src/hooks/use-idle-gate.ts: up to 10 s after its
 * first data): the checkpoints panel's rollback-point records and audit trail, and the top bar's
 * first spiral report. Call before opening the page and await once it shows its data: what the page
 * asks after that answers what came, not its opening.
 */
export function idleReads(page: Page, sessionId: string): Promise<unknown> {
  const read = (test: (url: URL) => boolean) => page.waitForResponse((r) => test(new URL(r.url())));
  return Promise.all([
    read((url) => url.pathname === `/api/v1/sessions/${sessionId}/compactions` && url.searchParams.get('include_rolled_back') === 'true'),
    read((url) => url.pathname === '/api/v1/audit' && url.searchParams.get('session_id') === sessionId),
    read((url) => url.pathname === '/api/v1/compaction-health/spirals'),
  ]);
}
