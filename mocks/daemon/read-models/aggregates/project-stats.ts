import { costTotal } from '../../../../src/domain/accounting/cost';
import { FLAGS, RESULT_KINDS } from '../../../store/facts';
import type { Store } from '../../../store/store';
import type { Schemas } from '../../../store/types';
import { costOf } from '../views';
import { bump, round6, saved, statCounts } from './counts';
import { maxOf, percentilesOf } from './quantile';
import { keepsFact, parseScope } from './scope';
import { STRATEGIES, TRIGGERS } from '../../../../src/domain/contract/enums.gen';

/**
 * GET /projects/{id}/compaction-stats from the columns, so a project's figures include its
 * generated history: the same shape and rules as the per-session stats (mocks/daemon/read-models/stats.ts).
 */
export function projectStats(store: Store, projectId: string): Schemas['CompactionStats'] {
  // The default range runs from the project's first event to now: all of them.
  const { parts } = parseScope(store, new URLSearchParams({ project_id: projectId }));
  const byTrigger = new Map<string, number>();
  const byStrategy = new Map<string, number>();
  const byFlag = new Map<string, number>();
  const fallbackReasons = new Map<string, number>();
  const hooks = new Map<string, { plugin: string; hook: Schemas['HookTiming']['hook']; ms: number[]; kinds: Map<string, number> }>();
  let events = 0;
  let fallbacks = 0;
  let tokens = 0;
  let compactor = 0;
  let primary = 0;
  const sessions = new Set<string>();
  for (const ps of parts) {
    const f = ps.part.facts;
    const slots = f.slots.map((slot) => {
      const key = `${slot.plugin}\u0000${slot.hook}`;
      let entry = hooks.get(key);
      if (!entry) {
        entry = { plugin: slot.plugin, hook: slot.hook, ms: [], kinds: new Map() };
        hooks.set(key, entry);
      }
      return entry;
    });
    for (let r = ps.lo; r < ps.hi; r++) {
      if (!keepsFact(ps, r)) continue;
      events++;
      bump(byTrigger, TRIGGERS[f.trigger[r] as number] as string);
      bump(byStrategy, STRATEGIES[f.strategy[r] as number] as string);
      bump(byFlag, FLAGS[f.flag[r] as number] ?? 'unflagged');
      if ((f.fallback[r] as number) >= 0) {
        fallbacks++;
        bump(fallbackReasons, f.fallbackKinds[f.fallback[r] as number] as string);
      }
      tokens += saved(f.before[r] as number, f.after[r] as number);
      compactor += f.cost[r] as number;
      slots.forEach((entry, i) => {
        const kind = (f.slotKind[i] as Uint8Array)[r] as number;
        if (kind === 0) return;
        entry.ms.push((f.slotMs[i] as Float64Array)[r] as number);
        bump(entry.kinds, RESULT_KINDS[kind - 1] as string);
      });
    }
    ps.part.sessions.forEach((s, i) => {
      if (!ps.sessions[i] || sessions.has(s.id)) return;
      sessions.add(s.id);
      const stored = store.sessions.get(s.id);
      primary += stored ? costOf(stored).primary_usd : (ps.part.history?.sessions[i]?.agents.reduce((n, a) => n + costTotal(a.primary_cost), 0) ?? 0);
    });
  }
  return {
    events_total: events,
    by_trigger: statCounts(byTrigger),
    by_strategy: statCounts(byStrategy),
    by_flag: statCounts(byFlag),
    fallback_total: fallbacks,
    fallback_reasons: statCounts(fallbackReasons),
    tokens_saved: tokens,
    // Totals only: every event's and call's cost is priced cache-aware where it is made.
    cost: { primary_usd: round6(primary), compactor_usd: round6(compactor), total_usd: round6(primary + compactor), primary_parts: null, compactor_parts: null, primary_source: 'computed' },
    hook_timings: [...hooks.values()]
      .filter((h) => h.ms.length > 0)
      .map((h) => {
        const values = Float64Array.from(h.ms);
        const [p50, p95] = percentilesOf(values, [50, 95]);
        return { plugin: h.plugin, hook: h.hook, count: values.length, p50_ms: p50 as number, p95_ms: p95 as number, max_ms: maxOf(values), result_kinds: statCounts(h.kinds) };
      })
      .sort((a, b) => a.plugin.localeCompare(b.plugin) || a.hook.localeCompare(b.hook)),
    sessions: sessions.size,
  };
}
