/**
 * The stats charts' sample (the newest `limit` events of one agent or all), kept live by compaction
 * frames instead of refetching a thousand records: a new record goes first, a changed one replaces
 * an older version, a rolled-back one is marked. Pure: each answers a new page, or the same one when
 * nothing changed.
 */
import type { CompactionPage } from '../../../lib/api/endpoints/list-compactions';
import type { CompactionRecord } from '../../../domain/contract/types';
import type { RecordChange } from '../../../lib/live/record-changes';
import { isSameOrNewer, sameRecord } from '../../../domain/compaction/record-versions';

/** Whether `record` is to take the place of the version `cached`: the same or newer, and different. */
function supersedes(record: CompactionRecord, cached: CompactionRecord): boolean {
  return isSameOrNewer(record, cached) && !sameRecord(cached, record);
}

/**
 * Records as they arrived (the newest last) put first, newest first: one new page for all of them,
 * whatever their number (a live batch at 1,000 events a second is about sixty). A record already
 * there, or twice among them, is a newer version at most.
 */
export function addToSeries(page: CompactionPage, records: readonly CompactionRecord[], agentPath: string | null, limit: number): CompactionPage {
  let known: Map<string, number> | null = null;
  let items: CompactionRecord[] | null = null;
  const fresh: CompactionRecord[] = [];
  const freshAt = new Map<string, number>();
  for (const record of records) {
    if (agentPath !== null && record.agent_path !== agentPath) continue;
    const inFresh = freshAt.get(record.id);
    if (inFresh !== undefined) {
      if (supersedes(record, fresh[inFresh] as CompactionRecord)) fresh[inFresh] = record;
      continue;
    }
    known ??= new Map(page.items.map((r, i) => [r.id, i]));
    const index = known.get(record.id);
    if (index === undefined) {
      freshAt.set(record.id, fresh.length);
      fresh.push(record);
    } else if (supersedes(record, (items ?? page.items)[index] as CompactionRecord)) {
      items ??= page.items.slice();
      items[index] = record;
    }
  }
  if (fresh.length === 0) return items === null ? page : { ...page, items };
  return { ...page, items: [...fresh.reverse(), ...(items ?? page.items)].slice(0, limit), total: page.total + fresh.length };
}

export function replaceInSeries(page: CompactionPage, record: CompactionRecord): CompactionPage {
  const index = page.items.findIndex((r) => r.id === record.id);
  const cached = page.items[index];
  if (!cached || !supersedes(record, cached)) return page;
  const items = page.items.slice();
  items[index] = record;
  return { ...page, items };
}

export function markRolledBackInSeries(page: CompactionPage, ids: readonly string[]): CompactionPage {
  if (!page.items.some((r) => ids.includes(r.id) && !r.rolled_back)) return page;
  return { ...page, items: page.items.map((r) => (ids.includes(r.id) && !r.rolled_back ? { ...r, rolled_back: true } : r)) };
}

/**
 * A batch's changes to one session, in order, applied to a sample: each run of new records in one
 * go (addToSeries), a changed or rolled-back record where it comes.
 */
export function applyToSeries(page: CompactionPage, changes: readonly RecordChange[], agentPath: string | null, limit: number): CompactionPage {
  let next = page;
  let run: CompactionRecord[] = [];
  const addRun = () => {
    if (run.length > 0) next = addToSeries(next, run, agentPath, limit);
    run = [];
  };
  for (const change of changes) {
    if (change.kind === 'new') {
      run.push(change.record);
      continue;
    }
    addRun();
    if (change.kind === 'changed') next = replaceInSeries(next, change.record);
    else if (change.kind === 'rolled_back') next = markRolledBackInSeries(next, change.ids);
  }
  addRun();
  return next;
}
