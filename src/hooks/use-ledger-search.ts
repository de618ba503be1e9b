import { readLedgerSearch, writeLedgerSearch, type LedgerSearch } from '../domain/ledger-search';
import { useUrlSearch, type UpdateSearch } from './use-url-search';

export type UpdateLedgerSearch = UpdateSearch<LedgerSearch>;

/** The ledger's filters and sort (and the stats' agent), read from and written to the URL. */
export function useLedgerSearch(): [LedgerSearch, UpdateLedgerSearch] {
  return useUrlSearch(readLedgerSearch, writeLedgerSearch);
}
