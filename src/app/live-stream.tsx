import { useEffect } from 'react';
import { suspectOutage } from '../lib/api/daemon-reachability';
import { useLiveStatus } from '../lib/live/live-status';
import { useLiveStream } from '../lib/live/use-live-stream';
import { LIVE_EFFECTS } from './live-effects';

/**
 * Keeps the live stream open, with every feature's live effects. Its own chunk, loaded right after the first screen renders: the
 * connection, its frame validator and the refresh rounds are not needed to draw the first data.
 */
export default function LiveStream(): null {
  useLiveStream(LIVE_EFFECTS);
  // A stream that cannot reconnect is the first sign of a stopped daemon on a page where nothing
  // else is asked: the health probe decides, and the page-level notice follows.
  const status = useLiveStatus((s) => s.status);
  useEffect(() => {
    if (status === 'offline' && navigator.onLine) suspectOutage();
  }, [status]);
  return null;
}
