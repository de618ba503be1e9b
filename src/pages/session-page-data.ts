import type { QueryClient } from '@tanstack/react-query';
import { compactionStatsQuery } from '../lib/api/endpoints/get-compaction-stats';
import { sessionQuery } from '../lib/api/endpoints/get-session';
import { readLedgerSearch } from '../domain/ledger-search';
import { ledgerQuery } from '../features/compaction-ledger/api/list-compactions';

/**
 * What the session view shows above the fold, asked for as soon as the address is known (beside
 * the page's code, not after it renders): the session, the headline stats and the ledger's first
 * page, in that order. The panels' own queries then find them in flight. The charts' sample and
 * the checkpoints follow once the first data is drawn (session-page.tsx, stats-panel.tsx).
 */
export function prefetchSessionPage(queryClient: QueryClient, sessionId: string, params: URLSearchParams): void {
  const search = readLedgerSearch(params);
  void queryClient.prefetchQuery(sessionQuery(sessionId));
  void queryClient.prefetchQuery(compactionStatsQuery(sessionId, search.agent));
  void queryClient.prefetchInfiniteQuery(ledgerQuery(sessionId, search));
}
