import { api } from '../../../config/settings-store';
import { unwrap } from '../client';

/** GET /events?since=: the frames after `since`, to fill a gap in the live stream. */
export async function fetchEventsAfter(since: number) {
  return unwrap(await api().GET('/events', { params: { query: { since, limit: 1000 } } }));
}
