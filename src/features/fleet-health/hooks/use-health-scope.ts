import { useUrlSearch } from '../../../hooks/use-url-search';
import { readHealthScope, writeHealthScope, type HealthScope, type UpdateHealthScope } from '../lib/health-scope';

/** The health views' scope (project, range, origin, spirals, dimension), read from and written to the URL. */
export function useHealthScope(): [HealthScope, UpdateHealthScope] {
  return useUrlSearch(readHealthScope, writeHealthScope);
}
