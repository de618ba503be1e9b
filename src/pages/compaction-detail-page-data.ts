import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../lib/api/endpoints/get-session';
import { compactionQuery } from '../features/compaction-ledger/api/get-compaction';

/**
 * What an event's page shows first, asked for as soon as the address is known (beside the page's
 * code, not after it renders): the record, then its session. The page's own queries find them in
 * flight.
 */
export function prefetchCompactionDetailPage(queryClient: QueryClient, sessionId: string, compactionId: string): void {
  void queryClient.prefetchQuery(compactionQuery(sessionId, compactionId));
  void queryClient.prefetchQuery(sessionQuery(sessionId));
}
