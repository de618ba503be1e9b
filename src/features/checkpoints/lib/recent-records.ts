import type { QueryClient } from '@tanstack/react-query';
import { COMPACTION_PAGE_MAX } from '../../../lib/api/endpoints/list-compactions';
import { queryKeys } from '../../../lib/api/query-keys';
import type { CompactionRecord, EventFrame } from '../../../domain/contract/types';
import { groupBy } from '../../../domain/group-by';
import { recordChangeOf } from '../../../lib/live/record-changes';

/**
 * The session's newest records, newest first (the rollback points' records), with live records
 * put in front (a record already there is replaced): a compaction frame carries its record, so
 * the list is not fetched again (up to a thousand full records) for each one. It keeps at most
 * `max` (what one read can answer), so a page left open under live load does not keep every record.
 */
export function withNewRecords(items: readonly CompactionRecord[], records: readonly CompactionRecord[], max = COMPACTION_PAGE_MAX): CompactionRecord[] {
  const ids = new Set(records.map((record) => record.id));
  return [...[...records].reverse(), ...items.filter((item) => !ids.has(item.id))].slice(0, max);
}

/** Applies a batch's new records to each session's rollback-point records, one cache update per session. */
export function applyNewRecords(queryClient: QueryClient, frames: readonly EventFrame[]): void {
  const records = frames.flatMap((frame) => {
    const change = recordChangeOf(frame);
    return change?.kind === 'new' ? [change.record] : [];
  });
  const bySession = groupBy(records, (record) => record.session_id);
  for (const [sessionId, added] of bySession) {
    queryClient.setQueryData<CompactionRecord[]>(queryKeys.rollbackPointRecords(sessionId), (items) => (items ? withNewRecords(items, added) : items));
  }
}
