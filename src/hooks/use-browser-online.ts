import { useSyncExternalStore } from 'react';
import type { LiveStatus } from '../lib/live/live-connection-options';
import { useLiveStatus } from '../lib/live/live-status';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser says it has a network. Offline, an open socket may look alive for a while:
 * the connection indicator must not say "Live" then.
 */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** The live stream's status as shown: 'offline' whenever the browser is. */
export function useShownLiveStatus(): LiveStatus {
  const status = useLiveStatus((s) => s.status);
  return useBrowserOnline() ? status : 'offline';
}
