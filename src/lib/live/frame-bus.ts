/**
 * Features follow the live stream through this: subscribe, get each accepted frame once, in seq
 * order. Frames come in batches (all that arrived since the last animation frame): a batch
 * listener applies them in one cache update, so a burst costs one render per frame, not one per event.
 */
import type { EventFrame } from '../../domain/contract/types';

export type FrameBatchListener = (frames: readonly EventFrame[]) => void;

const listeners = new Set<FrameBatchListener>();

/** Calls `listener` with every batch of frames from now on; answers the unsubscribe function. */
export function subscribeToFrameBatches(listener: FrameBatchListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function publishFrames(frames: readonly EventFrame[]): void {
  if (frames.length === 0) return;
  for (const listener of [...listeners]) {
    try {
      listener(frames);
    } catch (error) {
      // One feature's bug must not stop the others hearing the stream.
      console.error('A live-frame listener failed', error);
    }
  }
}

export function publishFrame(frame: EventFrame): void {
  publishFrames([frame]);
}
