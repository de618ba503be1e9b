import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { EventFrame } from '../../domain/contract/types';

/** What a frame's effects are judged by: its type, session and data. */
export type LiveFrame = Pick<EventFrame, 'type' | 'session_id'> & { data?: EventFrame['data'] };

/**
 * What one feature does with the live stream, declared in its own `live.ts` and registered once by
 * the app (src/app/live-effects.ts): the cached server state a frame makes stale beyond what the
 * frame carries (refetched in coalesced rounds), and what it changes in place from the frames'
 * records (installed once per query client, for the app's life; answers its uninstall).
 */
export interface LiveEffects {
  feature: string;
  staleKeys?: (frame: LiveFrame) => readonly QueryKey[];
  install?: (queryClient: QueryClient) => () => void;
}

/**
 * Every registered feature's stale keys for a batch of frames, each key once, in the order first
 * met (frame by frame, features in registration order): one set for the batch (a live batch at
 * 1,000 events a second is a hundred frames or more, most making the same few keys stale), not one
 * per frame handed to the refresh batcher.
 */
export function staleKeysOfBatch(effects: readonly LiveEffects[], frames: readonly LiveFrame[]): QueryKey[] {
  const seen = new Set<string>();
  const keys: QueryKey[] = [];
  for (const frame of frames) {
    for (const effect of effects) {
      for (const key of effect.staleKeys?.(frame) ?? []) {
        const hash = JSON.stringify(key);
        if (seen.has(hash)) continue;
        seen.add(hash);
        keys.push(key);
      }
    }
  }
  return keys;
}
