import type { QueryKey } from '@tanstack/react-query';
import { ledgerKeys, queryKeys } from '../api/query-keys';
import type { EventFrame } from '../../domain/contract/types';

/**
 * The cached server state a frame makes stale, beyond what the frame itself carries (records go
 * into the ledger and the charts' sample directly): only what the event can have changed, so a
 * burst of events costs a few refetches (coalesced by refresh-batcher.ts), not the whole session
 * each time. Compaction and checkpoint frames also change the per-project aggregates
 * (the frame does not name the project, so all project stats are refreshed).
 */
export function staleKeysFor(frame: Pick<EventFrame, 'type' | 'session_id'> & { data?: EventFrame['data'] }): QueryKey[] {
  const id = frame.session_id;
  switch (frame.type) {
    case 'session.updated':
      // A followed transcript read again whole (the simulator's --follow: its file was rewritten) has other records: all of it.
      if (frame.data?.reread === true) return [queryKeys.sessions, queryKeys.session(id), ledgerKeys.session(id), queryKeys.anyProject];
      // One that grew also says how many messages came: the history shows them.
      return typeof frame.data?.messages_added === 'number' && frame.data.messages_added > 0
        ? [queryKeys.sessions, queryKeys.sessionDetail(id), queryKeys.sessionHistory(id)]
        : [queryKeys.sessions, queryKeys.sessionDetail(id)];
    case 'compaction.completed':
      // A compaction leaves a rollback point behind it (its record is applied to the points' records: recent-records.ts).
      return [queryKeys.sessionDetail(id), queryKeys.sessionStats(id), queryKeys.checkpoints(id), queryKeys.anyProject];
    case 'compaction.noop':
    case 'compaction.failed':
      return [queryKeys.sessionDetail(id), queryKeys.sessionStats(id), queryKeys.anyProject];
    case 'compaction.flagged':
      return [queryKeys.sessionStats(id), queryKeys.anyProject];
    case 'checkpoint.created':
    case 'checkpoint.resolved':
      return [queryKeys.sessions, queryKeys.sessionDetail(id), queryKeys.checkpoints(id), queryKeys.checkpointAudit(id), queryKeys.anyProject];
    case 'config.changed':
      return [queryKeys.compactionConfig(id), queryKeys.sessionDetail(id)];
    default:
      // A rollback changes nearly everything about the session; unknown types are treated alike.
      return [queryKeys.sessions, queryKeys.session(id), queryKeys.anyProject];
  }
}
