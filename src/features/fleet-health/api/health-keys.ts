import type { QueryKey } from '@tanstack/react-query';
import type { AggregateQuery, Dimension, SpiralSettings } from '../lib/health-scope';

/** The fleet-health screens' query keys: everything of one scope sits under `scope(query)`. */
export const healthKeys = {
  all: ['compaction-health'] as const,
  scope: (query: AggregateQuery) => ['compaction-health', query] as const,
  breakdown: (query: AggregateQuery, by: Dimension) => ['compaction-health', query, 'breakdown', by] as const,
  spirals: (query: AggregateQuery, settings: SpiralSettings) => ['compaction-health', query, 'spirals', settings] as const,
  /** The whole fleet's spirals, read again as compactions arrive (the app's spiral watch: fleet-health/live.ts). */
  spiralWatch: ['compaction-health', 'spiral-watch'] as const,
  /** Whether a key is one of the health view's spiral reports (any scope and settings). */
  isSpiralView: (key: QueryKey): boolean => key[0] === 'compaction-health' && key[2] === 'spirals',
  topSessions: (query: AggregateQuery) => ['compaction-health', query, 'top-sessions'] as const,
  pluginActivity: (plugin: string, query: AggregateQuery) => ['plugin-activity', plugin, query] as const,
};
