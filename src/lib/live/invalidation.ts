import { queryKeys } from '../api/query-keys';
import type { LiveEffects } from './live-effects';

/**
 * What a frame makes stale of the shared endpoints' caches (lib/api/endpoints: a session's detail
 * and history, an agent's compaction config), beyond what the frame carries: only what the event
 * can have changed, so a burst costs a few refetches (coalesced by refresh-batcher.ts), not the
 * whole session each time. Each feature declares its own caches' in its live.ts.
 */
export const sharedLiveEffects: LiveEffects = {
  feature: 'shared endpoints',
  staleKeys: (frame) => {
    const id = frame.session_id;
    switch (frame.type) {
      case 'session.updated':
        // A followed transcript read again whole (the simulator's --follow: its file was rewritten) has other records: all of it.
        if (frame.data?.reread === true) return [queryKeys.session(id)];
        // One that grew also says how many messages came: the history shows them.
        return typeof frame.data?.messages_added === 'number' && frame.data.messages_added > 0 ? [queryKeys.sessionDetail(id), queryKeys.sessionHistory(id)] : [queryKeys.sessionDetail(id)];
      case 'compaction.completed':
      case 'compaction.noop':
      case 'compaction.failed':
      case 'checkpoint.created':
      case 'checkpoint.resolved':
        return [queryKeys.sessionDetail(id)];
      case 'compaction.flagged':
      case 'compaction.updated':
        return [];
      case 'config.changed':
        return [queryKeys.compactionConfig(id), queryKeys.sessionDetail(id)];
      default:
        // A rollback changes nearly everything about the session; unknown types are treated alike.
        return [queryKeys.session(id)];
    }
  },
};
