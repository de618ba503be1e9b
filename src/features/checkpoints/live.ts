import { queryKeys } from '../../lib/api/query-keys';
import { subscribeToFrameBatches } from '../../lib/live/frame-bus';
import type { LiveEffects } from '../../lib/live/live-effects';
import { applyNewRecords } from './lib/recent-records';

/**
 * Checkpoints under the live stream: a compaction leaves a rollback point behind it (its record
 * goes into the points' records from the frame: recent-records.ts), checkpoint frames change the
 * list and its audit trail.
 */
export const checkpointsLiveEffects: LiveEffects = {
  feature: 'checkpoints',
  staleKeys: (frame) => {
    const id = frame.session_id;
    switch (frame.type) {
      case 'compaction.completed':
        return [queryKeys.checkpoints(id)];
      case 'checkpoint.created':
      case 'checkpoint.resolved':
        return [queryKeys.checkpoints(id), queryKeys.checkpointAudit(id)];
      default:
        return [];
    }
  },
  install: (queryClient) => subscribeToFrameBatches((frames) => applyNewRecords(queryClient, frames)),
};
