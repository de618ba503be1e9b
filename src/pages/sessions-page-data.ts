import type { QueryClient } from '@tanstack/react-query';
import { sessionsQuery } from '../features/sessions/api/list-sessions';

/**
 * What the sessions list shows first, asked for as soon as the address is known (beside the
 * page's code, not after it renders): the sessions. The table's own query finds it in flight.
 */
export function prefetchSessionsPage(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(sessionsQuery());
}
