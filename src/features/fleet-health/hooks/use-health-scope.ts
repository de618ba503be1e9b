import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readHealthScope, writeHealthScope, type HealthScope } from '../lib/health-scope';

export type UpdateHealthScope = (patch: Partial<HealthScope>) => void;

/** The health views' scope (project, range, origin, spirals, dimension), read from and written to the URL. */
export function useHealthScope(): [HealthScope, UpdateHealthScope] {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  // From the text, so an unrelated navigation does not make a new scope object (and new queries).
  const scope = useMemo(() => readHealthScope(new URLSearchParams(text)), [text]);
  const update = useCallback<UpdateHealthScope>((patch) => setParams((current) => writeHealthScope(current, patch), { preventScrollReset: true }), [setParams]);
  return [scope, update];
}
