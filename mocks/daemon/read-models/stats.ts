import type { Store } from '../../store/store';
import type { CompactionRecord, Schemas, SessionState } from '../../store/types';
import { requireAgent, requireSession } from './lookups';
import { costOf, primaryUsdOf } from './views';

type Stats = Schemas['CompactionStats'];
type StatCount = Schemas['StatCount'];
type HookName = CompactionRecord['plugins_fired'][number]['hook'];
interface HookTiming {
  plugin: string;
  hook: HookName;
  ms: number[];
  kinds: Map<string, number>;
}

function bump(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** Most frequent first, then by key. */
function counted(counts: ReadonlyMap<string, number>): StatCount[] {
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
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

/**
 * Statistics over applied (not rolled back) compaction records of the given sessions, in one pass
 * over the records (a 100,000-event session's first answer after a reset: 0.3-0.4 s when each
 * figure took a pass and an array of its own).
 */
export function compactionStats(sessions: readonly SessionState[], agentPath?: string): Stats {
  const byTrigger = new Map<string, number>();
  const byStrategy = new Map<string, number>();
  const byFlag = new Map<string, number>();
  const fallbackReasons = new Map<string, number>();
  // By plugin, then hook (no key string built per plugin run: a 100,000-event session has 500,000).
  const timings = new Map<string, Map<HookName, HookTiming>>();
  let events = 0;
  let fallbacks = 0;
  let tokensSaved = 0;
  let compactorUsd = 0;
  for (const session of sessions) {
    for (const r of session.compactions) {
      if (r.rolled_back || (agentPath !== undefined && r.agent_path !== agentPath)) continue;
      events += 1;
      bump(byTrigger, r.trigger);
      bump(byStrategy, r.strategy);
      bump(byFlag, r.operator_flag ?? 'unflagged');
      if (r.fallback_occurred) {
        fallbacks += 1;
        bump(fallbackReasons, fallbackKind(r));
      }
      tokensSaved += Math.max(0, r.threshold_estimate - r.after_estimate);
      compactorUsd += r.cost_usd;
      for (const p of r.plugins_fired) {
        let hooks = timings.get(p.name);
        if (hooks === undefined) {
          hooks = new Map();
          timings.set(p.name, hooks);
        }
        let entry = hooks.get(p.hook);
        if (entry === undefined) {
          entry = { plugin: p.name, hook: p.hook, ms: [], kinds: new Map() };
          hooks.set(p.hook, entry);
        }
        entry.ms.push(p.duration_ms);
        bump(entry.kinds, p.result_kind);
      }
    }
  }
  const primaryUsd =
    agentPath === undefined
      ? sessions.reduce((sum, s) => sum + costOf(s).primary_usd, 0)
      : sessions.reduce((sum, s) => {
          const agent = s.agents.find((a) => a.agent_path === agentPath);
          return sum + (agent ? primaryUsdOf(agent) : 0);
        }, 0);
  return {
    events_total: events,
    by_trigger: counted(byTrigger),
    by_strategy: counted(byStrategy),
    by_flag: counted(byFlag),
    fallback_total: fallbacks,
    fallback_reasons: counted(fallbackReasons),
    tokens_saved: tokensSaved,
    cost: {
      primary_usd: round(primaryUsd),
      compactor_usd: round(compactorUsd),
      total_usd: round(primaryUsd + compactorUsd),
      // Totals only: every event's and call's cost is priced cache-aware where it is made.
      primary_parts: null,
      compactor_parts: null,
      primary_source: 'computed',
    },
    hook_timings: [...timings.values()]
      .flatMap((hooks) => [...hooks.values()])
      .map((t) => {
        // A typed array sorts numbers as numbers, without a comparator call per pair.
        const sorted = Float64Array.from(t.ms).sort();
        return {
          plugin: t.plugin,
          hook: t.hook,
          count: sorted.length,
          p50_ms: percentile(sorted, 50),
          p95_ms: percentile(sorted, 95),
          max_ms: sorted[sorted.length - 1] ?? 0,
          result_kinds: counted(t.kinds),
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
 * session: every write to it through the Store (a flag, a compaction, a rollback, a live event)
 * bumps its revision, and its record count and primary cost, which a live turn changes in place,
 * are part of the key too. Writes to other sessions leave it alone. Over a 100,000-record session
 * this is the difference between a pass over every record per request and a map look-up.
 */
export function sessionCompactionStats(store: Store, session: SessionState, agentPath?: string): Stats {
  const primary = session.agents.reduce((sum, a) => sum + primaryUsdOf(a), 0);
  const key = `${store.sessionRevision(session.id)}:${session.compactions.length}:${primary}`;
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

/** GET /sessions/{id}/compaction-stats: the session's, or one agent's (`agentPath`). */
export function sessionStatsOf(store: Store, sessionId: string, agentPath: string | null): Stats {
  const session = requireSession(store, sessionId);
  // The agent's own path: the one asked may carry U+FFFD where the stored one has a lone surrogate.
  return sessionCompactionStats(store, session, agentPath ? requireAgent(store, session, agentPath).agent_path : undefined);
}

/**
 * Computes every stored session's statistics as the data is made (seeded or restored), as a
 * daemon keeping them with its records would, so the first request for a session's stats is
 * answered from them rather than by a pass over its records (0.1 s for 100,000 of them).
 */
export function prepareSessionStats(store: Store): void {
  for (const session of store.sessions.values()) sessionCompactionStats(store, session);
}
