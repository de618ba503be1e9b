import type { AggregateQuery, Dimension, SpiralSettings } from '../lib/health-scope';

/** The fleet-health screens' query keys: everything of one scope sits under `scope(query)`. */
export const healthKeys = {
  all: ['compaction-health'] as const,
  scope: (query: AggregateQuery) => ['compaction-health', query] as const,
  breakdown: (query: AggregateQuery, by: Dimension) => ['compaction-health', query, 'breakdown', by] as const,
  spirals: (query: AggregateQuery, settings: SpiralSettings) => ['compaction-health', query, 'spirals', settings] as const,
  topSessions: (query: AggregateQuery) => ['compaction-health', query, 'top-sessions'] as const,
  pluginActivity: (plugin: string, query: AggregateQuery) => ['plugin-activity', plugin, query] as const,
};
