import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { healthKeys } from './health-keys';
import type { AggregateQuery, SpiralSettings } from '../lib/health-scope';

/** GET /compaction-health/spirals: sessions where compaction repeats and achieves little, with the daemon's reasons. */
export function spiralsQuery(query: AggregateQuery, settings: SpiralSettings) {
  const params = {
    ...query,
    ...(settings.burstCount !== null ? { burst_count: settings.burstCount } : {}),
    ...(settings.burstMinutes !== null ? { burst_minutes: settings.burstMinutes } : {}),
    ...(settings.inARow !== null ? { min_ineffective: settings.inARow, min_noops: settings.inARow } : {}),
  };
  return queryOptions({
    queryKey: healthKeys.spirals(query, settings),
    queryFn: async ({ signal }) => unwrap(await api().GET('/compaction-health/spirals', { params: { query: params }, signal })),
    staleTime: 30_000,
  });
}
