import { checkpointsLiveEffects } from '../features/checkpoints/live';
import { ledgerLiveEffects } from '../features/compaction-ledger/live';
import { statsLiveEffects } from '../features/compaction-stats/live';
import { fleetHealthLiveEffects } from '../features/fleet-health/live';
import { sessionsLiveEffects } from '../features/sessions/live';
import { sharedLiveEffects } from '../lib/live/invalidation';
import type { LiveEffects } from '../lib/live/live-effects';

/**
 * Every feature that follows the live stream, registered once (the live stream's own chunk loads
 * them: none is needed to draw the first screen). A feature declares its effects in its live.ts.
 */
export const LIVE_EFFECTS: readonly LiveEffects[] = [sessionsLiveEffects, sharedLiveEffects, statsLiveEffects, checkpointsLiveEffects, ledgerLiveEffects, fleetHealthLiveEffects];
