import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../client';

/** GET /plugins: every installed plugin, each manifest checked on its own (a malformed one carries its problems); the knobs screen, the ledger's plugin filter, the plugin pages. */
export function pluginsQuery() {
  return queryOptions({
    queryKey: ['plugins'] as const,
    queryFn: async ({ signal }) => unwrap(await api().GET('/plugins', { signal })).items,
    staleTime: 5 * 60_000,
  });
}
