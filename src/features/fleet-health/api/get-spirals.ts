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

/** The most spirals one watch compares (the contract's largest page): beyond it, a session moving into the report may read as a start. */
export const SPIRAL_WATCH_LIMIT = 500;

/** The whole fleet's spirals over all time with the daemon's parameters: what the app's spiral watch compares, report after report. */
export function spiralWatchQuery() {
  return queryOptions({
    queryKey: healthKeys.spiralWatch,
    queryFn: async ({ signal }) => unwrap(await api().GET('/compaction-health/spirals', { params: { query: { limit: SPIRAL_WATCH_LIMIT } }, signal })),
    // Read again at most once a minute while compaction frames come (live.ts), never on a focus.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
