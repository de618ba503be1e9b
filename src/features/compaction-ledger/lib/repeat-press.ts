import type { Schemas } from '../../../domain/contract/types';
import { pendingSave } from './pending-saves';

/**
 * Whether a press on a flag button repeats the one before it rather than asking for something new:
 * the second click of a double click (`detail` > 1), or a press on the flag a save still in flight
 * is setting (it would clear the flag before the daemon even stored it). Pressing the current flag
 * once that save has settled clears it as usual.
 */
export function isRepeatPress(compactionId: string, flag: Schemas['Flag'], pressed: boolean, clickDetail: number): boolean {
  if (clickDetail > 1) return true;
  if (!pressed) return false;
  const inFlight = pendingSave(compactionId);
  return inFlight !== undefined && 'flag' in inFlight && inFlight.flag === flag;
}
