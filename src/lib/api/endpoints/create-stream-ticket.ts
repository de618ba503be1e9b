import { api } from '../../../config/settings-store';
import { isApiError } from '../api-error';
import { unwrap } from '../client';

export type StreamTicket = { ticket: string } | { noEndpoint: number };

/**
 * POST /events/ticket: a single-use ticket for opening the live stream, so the bearer token stays
 * out of the WebSocket URL (and proxy logs). When the daemon plainly has no such endpoint (it
 * answered 404, 405 or 501: an older daemon), the status it answered, and the caller falls back to
 * ?access_token= for this socket only: the next one asks again. Other failures throw (the socket
 * waits and retries, the token never in its address).
 */
export async function createStreamTicket(): Promise<StreamTicket> {
  try {
    return { ticket: unwrap(await api().POST('/events/ticket')).ticket };
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && (error.status === 404 || error.status === 405 || error.status === 501)) return { noEndpoint: error.status };
    throw error;
  }
}
