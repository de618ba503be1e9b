import { api } from '../../../config/settings-store';
import { isApiError } from '../api-error';
import { unwrap } from '../client';

/**
 * POST /events/ticket: a single-use ticket for opening the live stream, so the bearer token stays
 * out of the WebSocket URL (and proxy logs). Null when the daemon has no such endpoint (404, 405 or
 * 501: an older daemon); the caller then falls back to ?access_token=. Other failures throw.
 */
export async function createStreamTicket(): Promise<string | null> {
  try {
    return unwrap(await api().POST('/events/ticket')).ticket;
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && (error.status === 404 || error.status === 405 || error.status === 501)) return null;
    throw error;
  }
}
