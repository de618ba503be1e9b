import type { LiveEffects } from '../../lib/live/live-effects';
import { healthKeys } from './api/health-keys';

/**
 * The fleet's spiral watch under the live stream: a compaction, a no-op, a failure or a record's
 * figures measured again (it may turn out ineffective) can start a spiral, so each makes the watch's
 * report stale (refetched in the stream's coalesced rounds, at most once a second however many
 * frames came). The health view's own panels are not live.
 */
export const fleetHealthLiveEffects: LiveEffects = {
  feature: 'fleet-health',
  staleKeys: (frame) => {
    switch (frame.type) {
      case 'compaction.completed':
      case 'compaction.noop':
      case 'compaction.failed':
      case 'compaction.updated':
        return [healthKeys.spiralWatch];
      default:
        return [];
    }
  },
};
