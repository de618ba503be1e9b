import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { readLedgerSearch, writeLedgerSearch, type LedgerSearch } from '../domain/ledger-search';

/** A change of the view: the fields to set, or a function of the current view (for toggles). */
export type LedgerSearchPatch = Partial<LedgerSearch> | ((current: LedgerSearch) => Partial<LedgerSearch>);

export type UpdateLedgerSearch = (patch: LedgerSearchPatch, options?: { replace?: boolean }) => void;

/** The ledger's filters and sort (and the stats' agent), read from and written to the URL. */
export function useLedgerSearch(): [LedgerSearch, UpdateLedgerSearch] {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  // From the text, so an unrelated navigation does not make a new search object (and a new query).
  const search = useMemo(() => readLedgerSearch(new URLSearchParams(text)), [text]);
  // The newest params written, ahead of the router: two quick changes (ticking two filter values)
  // each build on the one before instead of both on the last render's URL.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback<UpdateLedgerSearch>(
    (patch, options) => {
      const base = latest.current;
      const next = writeLedgerSearch(base, typeof patch === 'function' ? patch(readLedgerSearch(base)) : patch);
      latest.current = next;
      setParams(next, { replace: options?.replace, preventScrollReset: true });
    },
    [setParams],
  );
  return [search, update];
}
