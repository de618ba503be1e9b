import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';

/** GET /models: the model aliases for the model-alias picker. */
export function modelsQuery() {
  return queryOptions({
    queryKey: ['models'] as const,
    queryFn: async ({ signal }) => unwrap(await api().GET('/models', { signal })).items,
    staleTime: 5 * 60_000,
  });
}
