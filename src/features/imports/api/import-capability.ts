import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/api-error';
import { simulatorRequest } from './simulator-request';

/**
 * GET /__mock/imports: whether this daemon can import transcripts. The simulator answers its
 * capability ({ available: true, … }); a real daemon answers 404, or anything else, and the import
 * action stays hidden. The answer is kept unread beyond `available`: the import dialog (its own
 * chunk) checks the whole shape, so this probe costs the sessions list no validator. Asked again
 * when the window regains focus or the connection comes back.
 */
export function importCapabilityQuery() {
  return queryOptions({
    queryKey: ['simulator-imports', 'capability'] as const,
    queryFn: async ({ signal }): Promise<unknown> => {
      try {
        const { status, body } = await simulatorRequest('GET', '', { signal });
        const available = status === 200 && typeof body === 'object' && body !== null && (body as { available?: unknown }).available === true;
        return available ? body : null;
      } catch (error) {
        // No such endpoint: a real daemon. Anything else (the network, a 5xx, a page instead of JSON)
        // may pass: the query fails, is tried again, and the action stays hidden meanwhile.
        if (isApiError(error) && error.kind === 'http' && [404, 405, 501].includes(error.status ?? 0)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: 2,
  });
}
