import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { healthKeys } from './health-keys';
import type { AggregateQuery } from '../lib/health-scope';

/** GET /plugins/{plugin_name}/activity: one plugin across sessions (manifest, agents, series, hooks, versions). */
export function pluginActivityQuery(plugin: string, query: AggregateQuery) {
  return queryOptions({
    queryKey: healthKeys.pluginActivity(plugin, query),
    queryFn: async ({ signal }) => unwrap(await api().GET('/plugins/{plugin_name}/activity', { params: { path: { plugin_name: plugin }, query }, signal })),
    staleTime: 30_000,
  });
}
