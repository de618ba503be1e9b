import { useLiveStream } from '../lib/live/use-live-stream';

/**
 * Keeps the live stream open. Its own chunk, loaded right after the first screen renders: the
 * connection, its frame validator and the refresh rounds are not needed to draw the first data.
 */
export default function LiveStream(): null {
  useLiveStream();
  return null;
}
