import { queryKeys } from '../../lib/api/query-keys';
import type { LiveEffects } from '../../lib/live/live-effects';
import { installSeriesLive } from './lib/series-live';

/** The stats under the live stream: the aggregates are read again after compaction frames; the charts' sample takes the frames' records in place. */
export const statsLiveEffects: LiveEffects = {
  feature: 'compaction-stats',
  staleKeys: (frame) => {
    switch (frame.type) {
      case 'compaction.completed':
      case 'compaction.noop':
      case 'compaction.failed':
      case 'compaction.flagged':
      case 'compaction.updated':
        return [queryKeys.sessionStats(frame.session_id)];
      default:
        return [];
    }
  },
  install: installSeriesLive,
};
