import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useConnection } from '../../config/settings-store';
import { healthQuery } from '../api/endpoints/get-health';
import { createStreamTicket } from '../api/endpoints/create-stream-ticket';
import { fetchEventsAfter } from '../api/endpoints/list-events';
import { publishFrame, subscribeToFrames } from './frame-bus';
import { staleKeysFor } from './invalidation';
import { LiveConnection } from './live-connection';
import { eventsSocketUrl } from './ws-url';
import { useLiveStatus } from './live-status';

/**
 * Keeps the live stream open while the app runs (reopened when the base URL or token changes): frames go to
 * the frame bus, and each one makes the cached server state it concerns stale.
 */
export function useLiveStream(): void {
  const queryClient = useQueryClient();
  const { apiBaseUrl, token } = useConnection();

  useEffect(() => {
    useLiveStatus.setState({ status: 'connecting', lastSeq: null, lastProblem: null, problemCount: 0 });
    // With a token: a fresh single-use ticket for every socket, so the token never goes into a URL;
    // a daemon without tickets (404) gets ?access_token= from then on.
    let ticketsUnsupported = false;
    const connection = new LiveConnection({
      url: async (since) => {
        const ticket = token && !ticketsUnsupported ? await createStreamTicket() : null;
        if (token && ticket === null) ticketsUnsupported = true;
        return eventsSocketUrl(apiBaseUrl, window.location.href, since, token, ticket);
      },
      startSeq: async () => (await queryClient.fetchQuery(healthQuery())).last_seq,
      fetchAfter: fetchEventsAfter,
      onFrame: publishFrame,
      onStatus: (status, lastSeq) => useLiveStatus.setState({ status, lastSeq }),
      onProblem: (message) => {
        console.warn(`Live stream: ${message}`);
        useLiveStatus.setState((s) => ({ lastProblem: message, problemCount: s.problemCount + 1 }));
      },
      onResync: () => void queryClient.invalidateQueries(),
    });
    const unsubscribe = subscribeToFrames((frame) => {
      for (const queryKey of staleKeysFor(frame)) void queryClient.invalidateQueries({ queryKey });
    });
    const online = () => connection.reconnectNow();
    window.addEventListener('online', online);
    connection.start();
    return () => {
      window.removeEventListener('online', online);
      unsubscribe();
      connection.stop();
    };
  }, [apiBaseUrl, token, queryClient]);
}
