import type { LiveEffects } from '../../lib/live/live-effects';
import { healthKeys } from './api/health-keys';

/**
 * The fleet's spiral watch under the live stream: a compaction, a no-op or a failure can start a
 * spiral, so each makes the watch's report stale (refetched in the stream's coalesced rounds, at
 * most once a second however many frames came). The health view's own panels are not live.
 */
export const fleetHealthLiveEffects: LiveEffects = {
  feature: 'fleet-health',
  staleKeys: (frame) => {
    switch (frame.type) {
      case 'compaction.completed':
      case 'compaction.noop':
      case 'compaction.failed':
        return [healthKeys.spiralWatch];
      default:
        return [];
    }
  },
};
