/**
 * Plugin hook timings per plugin and hook (p50, p95, max) with what each returned, from the stats
 * endpoint: pre_compact before post_compact, plugins by name, every result kind in a fixed order
 * (errors last, so they stand out) with its share.
 */
import type { Schemas } from '../../../domain/contract/types';
import { compareCodeUnits } from '../../../domain/compare';

export type ResultKind = Schemas['PluginFired']['result_kind'];

export const RESULT_KINDS: readonly ResultKind[] = ['inject', 'retain', 'compactor_result', 'null', 'error'];

export interface KindCount {
  kind: string;
  count: number;
  share: number;
}

export interface HookTimingRow {
  key: string;
  plugin: string;
  hook: Schemas['HookTiming']['hook'];
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** Every known kind (zeros included), then unknown ones. */
  kinds: KindCount[];
  errors: number;
}

const HOOK_ORDER: Record<Schemas['HookTiming']['hook'], number> = { pre_compact: 0, post_compact: 1 };

export function hookTimingRows(timings: readonly Schemas['HookTiming'][]): HookTimingRow[] {
  return [...timings]
    .sort((a, b) => compareCodeUnits(a.plugin, b.plugin) || HOOK_ORDER[a.hook] - HOOK_ORDER[b.hook])
    .map((t) => {
      const given = new Map(t.result_kinds.map((k) => [k.key, k.count]));
      const total = t.result_kinds.reduce((sum, k) => sum + k.count, 0);
      const keys = [...RESULT_KINDS, ...t.result_kinds.map((k) => k.key).filter((key) => !(RESULT_KINDS as readonly string[]).includes(key))];
      return {
        key: `${t.plugin}/${t.hook}`,
        plugin: t.plugin,
        hook: t.hook,
        count: t.count,
        p50: t.p50_ms,
        p95: t.p95_ms,
        max: t.max_ms,
        kinds: keys.map((kind) => {
          const count = given.get(kind) ?? 0;
          return { kind, count, share: total > 0 ? count / total : 0 };
        }),
        errors: given.get('error') ?? 0,
      };
    });
}

/** The scale of the timing bars: the slowest max over all rows. */
export function slowestMs(rows: readonly HookTimingRow[]): number {
  return rows.reduce((max, row) => Math.max(max, row.max), 0);
}
