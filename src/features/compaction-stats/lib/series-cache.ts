/**
 * The stats charts' sample (the newest `limit` events of one agent or all), kept live by compaction
 * frames instead of refetching a thousand records: a new record goes first, a changed one replaces
 * an older version, a rolled-back one is marked. Pure: each answers a new page, or the same one when
 * nothing changed.
 */
import type { CompactionPage } from '../../../lib/api/endpoints/list-compactions';
import type { CompactionRecord } from '../../../lib/api/types';
import { isSameOrNewer, sameRecord } from '../../../lib/compaction-records';

export function addToSeries(page: CompactionPage, record: CompactionRecord, agentPath: string | null, limit: number): CompactionPage {
  if (agentPath !== null && record.agent_path !== agentPath) return page;
  if (page.items.some((r) => r.id === record.id)) return replaceInSeries(page, record);
  return { ...page, items: [record, ...page.items].slice(0, limit), total: page.total + 1 };
}

export function replaceInSeries(page: CompactionPage, record: CompactionRecord): CompactionPage {
  const index = page.items.findIndex((r) => r.id === record.id);
  const cached = page.items[index];
  if (!cached || !isSameOrNewer(record, cached) || sameRecord(cached, record)) return page;
  const items = page.items.slice();
  items[index] = record;
  return { ...page, items };
}

export function markRolledBackInSeries(page: CompactionPage, ids: readonly string[]): CompactionPage {
  if (!page.items.some((r) => ids.includes(r.id) && !r.rolled_back)) return page;
  return { ...page, items: page.items.map((r) => (ids.includes(r.id) && !r.rolled_back ? { ...r, rolled_back: true } : r)) };
}
