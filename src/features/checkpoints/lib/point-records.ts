import type { CompactionRecord } from '../../../domain/contract/types';

/**
 * The records the rollback points name, by id, out of the session's newest records: a query
 * selector that answers the map it answered before while those records are the same objects. Live
 * records go in front of the newest records with every batch; one that names no point then leaves
 * the panel as it is (no render of every checkpoint row for it).
 */
export function pointRecordsSelector(compactionIds: readonly string[]): (records: readonly CompactionRecord[]) => ReadonlyMap<string, CompactionRecord> {
  const wanted = new Set(compactionIds);
  let last: ReadonlyMap<string, CompactionRecord> = new Map();
  return (records) => {
    const next = new Map<string, CompactionRecord>();
    for (const record of records) if (wanted.has(record.id)) next.set(record.id, record);
    if (next.size !== last.size || [...next].some(([id, record]) => last.get(id) !== record)) last = next;
    return last;
  };
}
