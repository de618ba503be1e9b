/**
 * The aggregated health view's state, in the URL so a link reproduces it:
 *
 *   /health?project=payments-api&range=30d&by=trigger&dim=plugin&burst_count=3&burst_minutes=5&in_a_row=4
 *
 * project: one project or all (absent); origin: only recorded or only simulated events (absent: both); the time range (time-range.ts) every panel follows; which
 * dimension stacks the events chart; which breakdown table shows; the spiral detector's N within M
 * minutes, and how many ineffective compactions or no-ops in a row flag a session (absent: the
 * daemon's defaults).
 */
import type { Schemas } from '../../../domain/contract/types';
import type { EventOrigin } from '../../../domain/accounting/provenance';
import { readTimeRange, resolveTimeRange, writeTimeRange, type TimeRange } from '../../../domain/time-range';
import { pluginHref } from '../../../lib/routes';

export type StackBy = 'strategy' | 'trigger';
export type Dimension = Exclude<Schemas['BreakdownDimension'], 'plugin_version'>;
export const DIMENSIONS: readonly Dimension[] = ['strategy', 'agent_path', 'trigger', 'plugin', 'summarizer_model'];
export const DIMENSION_LABELS: Record<Dimension, string> = {
  strategy: 'Strategy',
  agent_path: 'Agent path',
  trigger: 'Trigger',
  plugin: 'Plugin',
  summarizer_model: 'Summarizer model',
};

export interface SpiralSettings {
  burstCount: number | null;
  burstMinutes: number | null;
  /** Ineffective compactions, and no-ops, in a row that flag a session (the daemon's min_ineffective and min_noops). */
  inARow: number | null;
}

export interface HealthScope {
  project: string | null;
  /** Only recorded events, only simulated ones, or both (null). */
  origin: EventOrigin | null;
  range: TimeRange;
  stackBy: StackBy;
  dimension: Dimension;
  spirals: SpiralSettings;
}

function positive(value: string | null, min: number): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= min ? n : null;
}

export function readHealthScope(params: URLSearchParams): HealthScope {
  const dim = params.get('dim');
  const burstCount = positive(params.get('burst_count'), 2);
  const inARow = positive(params.get('in_a_row'), 1);
  return {
    project: params.get('project')?.trim() || null,
    origin: params.get('origin') === 'recorded' ? 'recorded' : params.get('origin') === 'simulated' ? 'simulated' : null,
    range: readTimeRange(params),
    stackBy: params.get('by') === 'trigger' ? 'trigger' : 'strategy',
    dimension: (DIMENSIONS as readonly string[]).includes(dim ?? '') ? (dim as Dimension) : 'strategy',
    spirals: { burstCount: burstCount === null ? null : Math.floor(burstCount), burstMinutes: positive(params.get('burst_minutes'), Number.MIN_VALUE), inARow: inARow === null ? null : Math.floor(inARow) },
  };
}

/** New params with `patch` applied (other params kept, defaults left out). */
export function writeHealthScope(params: URLSearchParams, patch: Partial<HealthScope>): URLSearchParams {
  let next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  if ('project' in patch) set('project', patch.project ?? null);
  if ('origin' in patch) set('origin', patch.origin ?? null);
  if (patch.range) next = writeTimeRange(next, patch.range);
  if ('stackBy' in patch) set('by', patch.stackBy === 'trigger' ? 'trigger' : null);
  if ('dimension' in patch) set('dim', patch.dimension && patch.dimension !== 'strategy' ? patch.dimension : null);
  if (patch.spirals) {
    set('burst_count', patch.spirals.burstCount === null ? null : String(patch.spirals.burstCount));
    set('burst_minutes', patch.spirals.burstMinutes === null ? null : String(patch.spirals.burstMinutes));
    set('in_a_row', patch.spirals.inARow === null ? null : String(patch.spirals.inARow));
  }
  return next;
}

/** The query every aggregate endpoint takes: scope and time range, bucketed in the operator's zone. */
export interface AggregateQuery {
  project_id?: string;
  origin?: EventOrigin;
  from?: string;
  to?: string;
  tz: string;
}

export function aggregateQuery(scope: Pick<HealthScope, 'project' | 'range'> & Partial<Pick<HealthScope, 'origin'>>, now: number, tz: string): AggregateQuery {
  const query: AggregateQuery = { ...resolveTimeRange(scope.range, now), tz };
  if (scope.project) query.project_id = scope.project;
  if (scope.origin) query.origin = scope.origin;
  return query;
}

/** The operator's time zone (IANA), UTC when the browser does not say. */
export function operatorZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export type UpdateHealthScope = (patch: Partial<HealthScope>) => void;

/** A plugin's page within this scope and range. */
export function scopedPluginHref(plugin: string, scope: Pick<HealthScope, 'project' | 'range'>): string {
  const search = writeHealthScope(new URLSearchParams(), { project: scope.project, range: scope.range }).toString();
  return `${pluginHref(plugin)}${search ? `?${search}` : ''}`;
}
