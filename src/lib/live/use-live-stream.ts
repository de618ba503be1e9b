import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useConnection } from '../../config/settings-store';
import { healthQuery } from '../api/endpoints/get-health';
import { createStreamTicket } from '../api/endpoints/create-stream-ticket';
import { fetchEventsAfter } from '../api/endpoints/list-events';
import { sharedFrameBatch } from '../frame-batch';
import { publishFrames, subscribeToFrameBatches } from './frame-bus';
import { FrameFeed } from './frame-feed';
import { LIVE_PACING } from './pacing';
import { staleKeysOfBatch, type LiveEffects } from './live-effects';
import { LiveConnection } from './live-connection';
import { reconnectOnRecovery } from './reconnect-on-recovery';
import { RefreshBatcher } from './refresh-batcher';
import { openWorkerSocket } from './worker-socket';
import { eventsSocketUrl } from './ws-url';
import { useLiveStatus } from './live-status';

/** The shortest time between two rounds of refetches the live stream causes. */
export const LIVE_REFRESH_INTERVAL_MS = 1000;
/**
 * How long the first refetch after a quiet spell waits for the rest of its burst: a compaction's
 * frames (the turns' session update, the compaction, the session again) come within milliseconds.
 * The rows they carry are shown at once all the same (they go to the ledger from the frame).
 */
export const LIVE_REFRESH_SETTLE_MS = 250;

/**
 * Keeps the live stream open while the app runs (reopened when the base URL or token changes):
 * frames go to the frame bus, where each registered feature applies the records they carry to its
 * caches (`effects`, installed once), and what a frame makes stale beyond that, by every feature's
 * declaration, is refetched in coalesced rounds, at most one a second. A daemon restart or a
 * sequence out of line refetches everything shown.
 */
export function useLiveStream(effects: readonly LiveEffects[]): void {
  const queryClient = useQueryClient();
  const { apiBaseUrl, token } = useConnection();

  useEffect(() => {
    const uninstall = effects.map((effect) => effect.install?.(queryClient));
    return () => {
      for (const undo of uninstall) undo?.();
    };
  }, [effects, queryClient]);

  useEffect(() => {
    useLiveStatus.setState({ status: 'connecting', lastSeq: null, lastProblem: null, problemCount: 0, behind: null, paced: false, ticketFallback: null });
    const batcher = new RefreshBatcher({
      intervalMs: LIVE_REFRESH_INTERVAL_MS,
      settleMs: LIVE_REFRESH_SETTLE_MS,
      flush: (keys) => {
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      },
    });
    // With a token: a fresh single-use ticket for every socket, so the token never goes into a URL;
    // only a socket whose ticket the daemon plainly cannot give (no such endpoint) carries
    // ?access_token=, and the next socket asks for a ticket again (the Settings screen says so).
    // Frames are applied once per animation frame, all that came together; the newest seq is
    // shown with them (not one store update per frame).
    let newestSeq: number | null = null;
    const frameBatch = sharedFrameBatch();
    const feed: FrameFeed = new FrameFeed({
      // A batch held back by pacing is applied in a timer's task: the cache notifications it causes
      // render in that same task, not after one more frame.
      setTimer: (run, ms) => setTimeout(() => frameBatch.now(run), ms),
      publish: (frames) => {
        publishFrames(frames);
        useLiveStatus.setState({ lastSeq: newestSeq });
      },
      waiting: () => connection.backlog(),
      onBehind: (behind) => useLiveStatus.setState({ behind }),
      pacing: LIVE_PACING,
      onPaced: (paced) => useLiveStatus.setState({ paced }),
      onDrop: () => {
        console.warn('Live stream: too far behind to catch up frame by frame; skipping to the newest events and reloading what is shown.');
        connection.skipAhead();
      },
    });
    const connection: LiveConnection = new LiveConnection({
      url: async (since) => {
        const answer = token ? await createStreamTicket() : null;
        const ticket = answer && 'ticket' in answer ? answer.ticket : null;
        useLiveStatus.setState({ ticketFallback: answer && 'noEndpoint' in answer ? { status: answer.noEndpoint } : null });
        return eventsSocketUrl(apiBaseUrl, window.location.href, since, token, ticket);
      },
      daemonState: async () => {
        // Always asked afresh: a cached answer could hide a restart.
        const health = await queryClient.fetchQuery({ ...healthQuery(), staleTime: 0 });
        return { lastSeq: health.last_seq, instance: health.instance_id ?? null };
      },
      fetchAfter: fetchEventsAfter,
      // Read in a worker, so a burst costs the page one task per frame, not one per message; demo
      // mode's simulated daemon answers only the page's own WebSocket (msw), so it stays there.
      openSocket: import.meta.env.DEV && __KAGED_SIMULATED__ ? undefined : openWorkerSocket,
      // Received frames are handled once per animation frame, all together, then applied as one
      // batch; in the same frame as the cache notifications they cause (the one shared batch).
      schedule: frameBatch,
      // A worker's batch that came in time (at most one a frame) is applied in its own task, its
      // notifications too: its rows are drawn by the next frame, not the one after (waiting for a
      // frame to apply, then drawing in the next, cost a frame). Batches that waited behind other work
      // are handled together at the next frame, where the backlog is judged.
      scheduleBatched: (run) => queueMicrotask(() => frameBatch.now(run)),
      maxPerDrain: 400,
      onFrame: (frame) => feed.push(frame),
      onDrained: () => feed.flush(),
      onStatus: (status, lastSeq) => {
        newestSeq = lastSeq;
        if (useLiveStatus.getState().status !== status) useLiveStatus.setState({ status, lastSeq });
      },
      onProblem: (message) => {
        console.warn(`Live stream: ${message}`);
        useLiveStatus.setState((s) => ({ lastProblem: message, problemCount: s.problemCount + 1 }));
      },
      onResync: () => {
        feed.resetClock();
        batcher.clear();
        void queryClient.invalidateQueries();
      },
    });
    const unsubscribe = subscribeToFrameBatches((frames) => batcher.add(staleKeysOfBatch(effects, frames)));
    const online = () => connection.reconnectNow();
    window.addEventListener('online', online);
    const stopFollowingRecovery = reconnectOnRecovery(connection);
    connection.start();
    return () => {
      window.removeEventListener('online', online);
      stopFollowingRecovery();
      unsubscribe();
      batcher.clear();
      feed.stop();
      connection.stop();
      useLiveStatus.setState({ paced: false });
    };
  }, [apiBaseUrl, token, queryClient, effects]);
}
