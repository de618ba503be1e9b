import type { Store } from '../../store/store';
import type { EventFrame } from '../../store/types';
import { DaemonError } from '../errors';
import { parseLimit } from './queries';

/** GET /events?since=&session_id=&limit=: the frames after `since` (a session's only, if named), at most `limit` (1,000). */
export function eventLog(store: Store, params: URLSearchParams): { items: EventFrame[]; last_seq: number } {
  const since = Number(params.get('since') ?? 0);
  if (!Number.isInteger(since) || since < 0) throw new DaemonError(400, 'invalid_request', 'since must be a whole number ≥ 0', { field: 'since' });
  const items = store.framesSince(since, params.get('session_id') ?? undefined).slice(0, parseLimit(params.get('limit'), 1000));
  return { items, last_seq: store.lastSeq };
}
