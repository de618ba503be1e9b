import type { SimulatedDaemon } from '../runtime';

/**
 * One live-stream client, whatever carries it (msw's WebSocket link in the browser, the ws
 * server in Node): replays the frames after `since`, then forwards new ones. Returns the detach.
 */
export function attachEventClient(daemon: SimulatedDaemon, url: URL, send: (text: string) => void): () => void {
  const since = Number(url.searchParams.get('since') ?? 0);
  const sessionId = url.searchParams.get('session_id') ?? undefined;
  const store = daemon.store;
  for (const frame of store.framesSince(Number.isInteger(since) && since >= 0 ? since : 0, sessionId)) send(JSON.stringify(frame));
  return store.subscribe((frame) => {
    if (!sessionId || frame.session_id === sessionId) send(JSON.stringify(frame));
  });
}
