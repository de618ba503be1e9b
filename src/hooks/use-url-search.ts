import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A change of a view kept in the address: the fields to set, or a function of the current view (for toggles). */
export type SearchPatch<S> = Partial<S> | ((current: S) => Partial<S>);

export type UpdateSearch<S> = (patch: SearchPatch<S>, options?: { replace?: boolean }) => void;

/**
 * A view kept in the address (a list's filters and sort, the health scope): read from the URL with
 * `read`, changed with `write` (both module functions, so stable). The view is built from the URL's
 * text, so an unrelated navigation makes no new object (and no new query). Each change builds on
 * the newest params written, ahead of the router: the router's own functional update reads the URL
 * of its last render, so two changes in one moment (two filter values ticked before it re-renders)
 * would keep only the second.
 */
export function useUrlSearch<S>(read: (params: URLSearchParams) => S, write: (params: URLSearchParams, patch: Partial<S>) => URLSearchParams): [S, UpdateSearch<S>] {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  const search = useMemo(() => read(new URLSearchParams(text)), [read, text]);
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback<UpdateSearch<S>>(
    (patch, options) => {
      const base = latest.current;
      const next = write(base, typeof patch === 'function' ? patch(read(base)) : patch);
      latest.current = next;
      setParams(next, { replace: options?.replace, preventScrollReset: true });
    },
    [read, write, setParams],
  );
  return [search, update];
}
