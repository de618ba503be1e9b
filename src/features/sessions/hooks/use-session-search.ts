import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readSessionSearch, writeSessionSearch, type SessionListSearch } from '../lib/session-search';

export type UpdateSessionSearch = (patch: Partial<SessionListSearch>, options?: { replace?: boolean }) => void;

/** The sessions list's filters and sort, read from and written to the URL. */
export function useSessionSearch(): [SessionListSearch, UpdateSessionSearch] {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readSessionSearch(params), [params]);
  const update = useCallback<UpdateSessionSearch>(
    (patch, options) => setParams((previous) => writeSessionSearch(previous, patch), options),
    [setParams],
  );
  return [search, update];
}
