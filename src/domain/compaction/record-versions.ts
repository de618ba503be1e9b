/**
 * The versioning rules of a compaction record, shared by every cache that holds copies of one (the
 * ledger's pages and detail, the stats charts' sample): a record is never replaced by an older
 * version of itself, and an equal one is kept as it is (so rows and charts do not re-render).
 */
import type { CompactionRecord } from '../contract/types';

/** Whether `incoming` may replace `cached`: the same or a newer version. */
export function isSameOrNewer(incoming: CompactionRecord, cached: CompactionRecord): boolean {
  return incoming.version >= cached.version;
}

/** Equal as far as the screens show and edit them (version, flag, notes, state). */
export function sameRecord(a: CompactionRecord, b: CompactionRecord): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.version === b.version &&
      a.operator_flag === b.operator_flag &&
      a.operator_notes === b.operator_notes &&
      a.rolled_back === b.rolled_back &&
      a.flagged_at === b.flagged_at)
  );
}
