import { eventSearchString, type LedgerSearch } from '../../../domain/ledger-search';
import { compactionHref } from '../../../lib/routes';

/**
 * The event's page, carrying the view's filters: opened from a session's ledger, prev/next walk that
 * session's; opened across sessions (`across`), they walk the list across sessions and lead back to it.
 */
export function detailPath(sessionId: string, compactionId: string, search: LedgerSearch, across: boolean): string {
  return `${compactionHref(sessionId, compactionId)}${eventSearchString(search, across)}`;
}
