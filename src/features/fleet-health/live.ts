import type { QueryClient } from '@tanstack/react-query';
import { canStartSpiral, spiralCheckDelay } from '../../domain/spiral-watch';
import { subscribeToFrameBatches } from '../../lib/live/frame-bus';
import type { LiveEffects } from '../../lib/live/live-effects';
import { healthKeys } from './api/health-keys';

/**
 * The fleet's spiral watch under the live stream: a compaction, a no-op, a failure or a record's
 * figures measured again can start a spiral, so each makes the watch read the fleet's report again,
 * at most once a minute (domain/spiral-watch.ts, SPIRAL_CHECK_GAP_MS): however many frames come,
 * one request a minute, not one per compaction. The health view's own panels are not live.
 */
function installSpiralChecks(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const unsubscribe = subscribeToFrameBatches((frames) => {
    if (timer !== null || !frames.some((frame) => canStartSpiral(frame.type))) return;
    const lastRead = queryClient.getQueryState(healthKeys.spiralWatch)?.dataUpdatedAt ?? 0;
    timer = setTimeout(() => {
      timer = null;
      void queryClient.invalidateQueries({ queryKey: healthKeys.spiralWatch, exact: true });
    }, spiralCheckDelay(lastRead, Date.now()));
  });
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
  };
}

export const fleetHealthLiveEffects: LiveEffects = {
  feature: 'fleet-health',
  install: installSpiralChecks,
};
