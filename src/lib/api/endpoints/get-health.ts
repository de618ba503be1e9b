import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../client';
import { queryKeys } from '../query-keys';

/** GET /health: liveness, version, newest seq, and whether the daemon is simulated. */
export function healthQuery() {
  return queryOptions({
    queryKey: queryKeys.health,
    queryFn: async ({ signal }) => unwrap(await api().GET('/health', { signal })),
    refetchInterval: 30_000,
  });
}
