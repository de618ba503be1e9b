/** Features follow the live stream through this: subscribe, get each accepted frame once, in seq order. */
import type { EventFrame } from '../api/types';

export type FrameListener = (frame: EventFrame) => void;

const listeners = new Set<FrameListener>();

/** Calls `listener` with every frame from now on; answers the unsubscribe function. */
export function subscribeToFrames(listener: FrameListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function publishFrame(frame: EventFrame): void {
  for (const listener of [...listeners]) {
    try {
      listener(frame);
    } catch (error) {
      // One feature's bug must not stop the others hearing the stream.
      console.error('A live-frame listener failed', error);
    }
  }
}
