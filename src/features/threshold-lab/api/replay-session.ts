import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { isApiError } from '../../../lib/api/api-error';
import { unwrap } from '../../../lib/api/client';
import type { LabSearch } from '../lib/lab-settings';

/**
 * POST /sessions/{session_id}/replay: the threshold lab. Nothing is persisted and the same request
 * always gives the same answer, so it is read as a query keyed by the request (a lab's link shows
 * its result at once). The key sits outside ['session', id] so live frames do not replay it again.
 */
export function replayQuery(sessionId: string, search: LabSearch) {
  return queryOptions({
    queryKey: ['threshold-lab', sessionId, search.agent, search.settings, search.includeRecorded] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api().POST('/sessions/{session_id}/replay', {
          params: { path: { session_id: sessionId } },
          body: { agent_path: search.agent, settings: search.settings, ...(search.includeRecorded ? { include_recorded_compactions: true } : {}) },
          signal,
        }),
      ),
    enabled: search.settings.length > 0,
    staleTime: Infinity,
    retry: (failures, error) => failures < 2 && isApiError(error) && error.transient,
  });
}

/**
 * A daemon without the replay endpoint (an older or another kaged): 405, 501, or a 404 that names
 * no session or agent (the page has already found the session; a missing agent names itself).
 */
export function replayUnsupported(error: unknown): boolean {
  if (!isApiError(error) || error.kind !== 'http') return false;
  if (error.status === 405 || error.status === 501) return true;
  return error.status === 404 && !('agent' in (error.details ?? {})) && !('session_id' in (error.details ?? {}));
}
