import type { Store } from '../store/store';
import type { CompactionRecord, Schemas, SessionState } from '../store/types';
import { costOf } from './views';

type Stats = Schemas['CompactionStats'];
type StatCount = Schemas['StatCount'];

function countBy(items: readonly string[]): StatCount[] {
  const counts = new Map<string, number>();
  for (const key of items) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/**
 * What a fallback is grouped by: the first step that did not succeed, as "strategy: code". The
 * code is the reason's leading snake_case word when it has one (compactor_split_tool_pair), else
 * the step's outcome (error, timeout, invalid), so reasons naming message ids still aggregate.
 */
export function fallbackKind(r: CompactionRecord): string {
  const step = r.fallback_chain.find((s) => s.outcome !== 'ok');
  if (!step) return r.fallback_reason ?? 'unspecified';
  const code = /^([a-z]+(?:_[a-z]+)+)\b/.exec(step.reason ?? '')?.[1] ?? step.outcome;
  return `${step.strategy}: ${code}`;
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

/** Statistics over applied (not rolled back) compaction records of the given sessions. */
export function compactionStats(sessions: readonly SessionState[], agentPath?: string): Stats {
  const records: CompactionRecord[] = sessions
    .flatMap((s) => s.compactions)
    .filter((r) => !r.rolled_back && (agentPath === undefined || r.agent_path === agentPath));
  const timings = new Map<string, { plugin: string; hook: 'pre_compact' | 'post_compact'; ms: number[]; kinds: string[] }>();
  for (const r of records) {
    for (const p of r.plugins_fired) {
      const key = `${p.name}\u0000${p.hook}`;
      const entry = timings.get(key) ?? { plugin: p.name, hook: p.hook, ms: [], kinds: [] };
      entry.ms.push(p.duration_ms);
      entry.kinds.push(p.result_kind);
      timings.set(key, entry);
    }
  }
  const costs = sessions.map((s) => costOf(s));
  const compactorUsd = records.reduce((sum, r) => sum + r.cost_usd, 0);
  const primaryUsd =
    agentPath === undefined
      ? costs.reduce((sum, c) => sum + c.primary_usd, 0)
      : sessions.reduce((sum, s) => sum + (s.agents.find((a) => a.agent_path === agentPath)?.primary_cost_usd ?? 0), 0);
  return {
    events_total: records.length,
    by_trigger: countBy(records.map((r) => r.trigger)),
    by_strategy: countBy(records.map((r) => r.strategy)),
    by_flag: countBy(records.map((r) => r.operator_flag ?? 'unflagged')),
    fallback_total: records.filter((r) => r.fallback_occurred).length,
    fallback_reasons: countBy(records.filter((r) => r.fallback_occurred).map(fallbackKind)),
    tokens_saved: records.reduce((sum, r) => sum + Math.max(0, r.threshold_estimate - r.after_estimate), 0),
    cost: {
      primary_usd: round(primaryUsd),
      compactor_usd: round(compactorUsd),
      total_usd: round(primaryUsd + compactorUsd),
    },
    hook_timings: [...timings.values()]
      .map((t) => {
        const sorted = [...t.ms].sort((a, b) => a - b);
        return {
          plugin: t.plugin,
          hook: t.hook,
          count: sorted.length,
          p50_ms: percentile(sorted, 50),
          p95_ms: percentile(sorted, 95),
          max_ms: sorted[sorted.length - 1] ?? 0,
          result_kinds: countBy(t.kinds),
        };
      })
      .sort((a, b) => a.plugin.localeCompare(b.plugin) || a.hook.localeCompare(b.hook)),
    sessions: sessions.length,
  };
}

const round = (usd: number) => Math.round(usd * 1e6) / 1e6;

const sessionAnswers = new WeakMap<SessionState, Map<string, { key: string; stats: Stats }>>();

/**
 * One session's statistics (GET /sessions/{id}/compaction-stats), computed once per state of the
 * session: every write through the Store (a flag, a compaction, a rollback, a live event) bumps
 * store.revision, and the session's record count and primary cost, which a live turn changes in
 * place, are part of the key too. Over a 100,000-record session this is the difference between a
 * pass over every record per request and a map look-up.
 */
export function sessionCompactionStats(store: Store, session: SessionState, agentPath?: string): Stats {
  const primary = session.agents.reduce((sum, a) => sum + a.primary_cost_usd, 0);
  const key = `${store.revision}:${session.compactions.length}:${primary}`;
  let answers = sessionAnswers.get(session);
  if (!answers) {
    answers = new Map();
    sessionAnswers.set(session, answers);
  }
  const scope = agentPath ?? '\u0000all';
  const hit = answers.get(scope);
  if (hit && hit.key === key) return hit.stats;
  const stats = compactionStats([session], agentPath);
  answers.set(scope, { key, stats });
  return stats;
}
