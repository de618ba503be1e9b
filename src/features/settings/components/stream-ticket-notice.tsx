import { useLiveStatus } from '../../../lib/live/live-status';

/**
 * Says when the open live stream carries the bearer token in its address: the daemon answered
 * POST /events/ticket as having no such endpoint for the socket's ticket. Gone once a socket opens
 * with a ticket again (each socket asks).
 */
export function StreamTicketNotice() {
  const fallback = useLiveStatus((s) => s.ticketFallback);
  if (fallback === null) return null;
  return (
    <p className="settings__warning" role="status">
      The daemon has no stream-ticket endpoint (POST /events/ticket answered {fallback.status}), so for the live stream now open the token went in
      the live stream’s address (?access_token=), where proxies and server logs may record it. Each new connection asks for a ticket again.
    </p>
  );
}
