import { useUrlSearch, type UpdateSearch } from '../../../hooks/use-url-search';
import { readSessionSearch, writeSessionSearch, type SessionListSearch } from '../lib/session-search';

export type UpdateSessionSearch = UpdateSearch<SessionListSearch>;

/** The sessions list's filters and sort, read from and written to the URL. */
export function useSessionSearch(): [SessionListSearch, UpdateSessionSearch] {
  return useUrlSearch(readSessionSearch, writeSessionSearch);
}
