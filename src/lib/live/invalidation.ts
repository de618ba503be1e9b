import type { QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import type { EventFrame } from '../api/types';

/**
 * The cached server state a frame makes stale. Every frame concerns one session: its list row and
 * everything under its prefix. Compaction and checkpoint frames also change the per-project
 * aggregates (the frame does not name the project, so all project stats are refreshed).
 */
export function staleKeysFor(frame: Pick<EventFrame, 'type' | 'session_id'>): QueryKey[] {
  const keys: QueryKey[] = [queryKeys.sessions, queryKeys.session(frame.session_id)];
  if (frame.type !== 'session.updated') keys.push(queryKeys.anyProject);
  return keys;
}
