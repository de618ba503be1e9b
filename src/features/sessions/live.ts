import { queryKeys } from '../../lib/api/query-keys';
import type { LiveEffects } from '../../lib/live/live-effects';

/**
 * The sessions list and the per-project aggregates under the live stream: a session's row changes
 * with its session.updated and checkpoint frames; compaction and checkpoint frames change the
 * project aggregates (a frame does not name its project, so every project's are refreshed).
 */
export const sessionsLiveEffects: LiveEffects = {
  feature: 'sessions',
  staleKeys: (frame) => {
    switch (frame.type) {
      case 'session.updated':
        return frame.data?.reread === true ? [queryKeys.sessions, queryKeys.anyProject] : [queryKeys.sessions];
      case 'compaction.completed':
      case 'compaction.noop':
      case 'compaction.failed':
      case 'compaction.flagged':
      case 'compaction.updated':
        return [queryKeys.anyProject];
      case 'checkpoint.created':
      case 'checkpoint.resolved':
        return [queryKeys.sessions, queryKeys.anyProject];
      case 'config.changed':
        return [];
      default:
        return [queryKeys.sessions, queryKeys.anyProject];
    }
  },
};
