import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../client';

/** GET /plugins: the installed plugins with their manifests (the ledger's plugin filter, the plugin pages). */
export function pluginsQuery() {
  return queryOptions({
    queryKey: ['plugins'] as const,
    queryFn: async ({ signal }) => unwrap(await api().GET('/plugins', { signal })).items,
    staleTime: 60_000,
  });
}
