/**
 * What the generated history (history.ts) is made of: its shapes by scale, projects, tasks, models
 * and plugins, the random draws it uses, and each session's plan (its agents, their strategies,
 * windows and thresholds, and how many events each has). Deterministic for a seed.
 */
import { NO_COST } from '../../../src/domain/accounting/cost';
import { STRATEGIES } from '../../../src/domain/contract/enums.gen';
import { findModel } from '../../store/catalog';
import { historyWindow } from '../../store/history-costs';
import type { HistoryAgent, HistoryScale, HistorySession } from '../../store/history';
import { createRng, hashSeed, type Rng } from '../../store/prng';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface Shape {
  sessions: number;
  /** Compaction records (the no-ops and failures without a record come on top). */
  events: number;
  projects: { id: string; name: string }[];
  /** Spiralling sessions, cycling through the spiral kinds. */
  spirals: number;
  /** hindsight failure bursts. */
  bursts: number;
  /** How far back the history reaches. */
  days: number;
}

const PROJECTS = [
  { id: 'payments-api', name: 'payments-api (agent fleet, generated history)' },
  { id: 'infra-ops', name: 'infra-ops (runbook agents, generated history)' },
  { id: 'data-pipeline', name: 'data-pipeline (ETL agents, generated history)' },
  { id: 'docs-writer', name: 'docs-writer (generated history)' },
  { id: 'support-triage', name: 'support-triage (generated history)' },
  { id: 'mobile-app', name: 'mobile-app (generated history)' },
];

export const HISTORY_SHAPES: Record<HistoryScale, Shape> = {
  normal: { sessions: 20, events: 3_000, projects: PROJECTS.slice(0, 2), spirals: 3, bursts: 2, days: 30 },
  large: { sessions: 2_400, events: 1_000_000, projects: PROJECTS, spirals: 12, bursts: 14, days: 45 },
};

export const HISTORY_PLUGINS = ['hindsight', 'memory-markdown', 'guard-rails'] as const;

const TASKS: Record<string, string[]> = {
  'payments-api': ['Refund flow: idempotent retries', 'Invoice PDF totals off by a cent', 'Ledger reconciliation job', 'Stripe webhook signature check', 'Currency rounding in payouts', 'Chargeback dispute export'],
  'infra-ops': ['Rotate TLS certificates', 'Terraform drift in staging', 'Pager noise from disk alerts', 'Kubernetes upgrade dry run', 'Backup restore drill', 'Cost report for idle nodes'],
  'data-pipeline': ['Late-arriving events in extract', 'Schema change in orders feed', 'Dedupe step doubles rows', 'Backfill March partitions', 'Airflow DAG timeouts'],
  'docs-writer': ['API reference for v3', 'Migration guide from v2', 'Runbook cleanup', 'Glossary and style pass'],
  'support-triage': ['Weekly ticket clustering', 'Escalation summary for billing', 'Refund requests triage', 'Known-issues page update'],
  'mobile-app': ['Crash on resume (Android)', 'Offline sync conflicts', 'Push token refresh', 'Accessibility labels audit'],
};
const SUBAGENTS = ['explore', 'test-runner', 'reviewer', 'migrator'];
const PRIMARY_MODELS: [string, number][] = [['sonnet', 45], ['gpt', 25], ['opus', 10], ['haiku', 10], ['deepseek', 10]];
const SUB_MODELS: [string, number][] = [['haiku', 40], ['local-qwen', 25], ['sonnet', 20], ['vllm-tuned', 15]];
const SUMMARIZER_ALIASES: [string, number][] = [['haiku', 60], ['sonnet', 25], ['gpt', 15]];
export function weighted<T>(rng: Rng, options: readonly [T, number][]): T {
  const total = options.reduce((n, [, w]) => n + w, 0);
  let roll = rng.next() * total;
  for (const [value, w] of options) {
    roll -= w;
    if (roll < 0) return value;
  }
  return (options[options.length - 1] as [T, number])[0];
}

export function uniform(rng: Rng, lo: number, hi: number): number {
  return lo + rng.next() * (hi - lo);
}

/** Box–Muller: a standard normal draw. */
export function normal(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

function modelName(alias: string): string {
  return findModel(alias).id;
}

export type SpiralKind = 'burst' | 'noops' | 'overflow';
export const SPIRAL_KINDS: SpiralKind[] = ['burst', 'noops', 'overflow'];

export interface AgentPlan {
  agent: HistoryAgent;
  strategy: number;
  summarizer: string | null;
  window: number;
  upper: number;
  lower: number;
  events: number;
}

export interface SessionPlan {
  session: HistorySession;
  agents: AgentPlan[];
  spiral: SpiralKind | null;
  end: number;
  /** Seeds the walks that make its agents' messages (history-walk.ts). */
  messageSeed: number;
}

export function planSession(seed: number, shape: Shape, index: number, events: number, spiral: SpiralKind | null, anchor: number): SessionPlan {
  const rng = createRng(hashSeed(`${seed}:history:${index}`));
  const project = shape.projects[index % shape.projects.length] as Shape['projects'][number];
  const tasks = TASKS[project.id] as string[];
  const title = spiral
    ? { burst: 'Compaction loop: a compaction every few seconds, achieving nothing', noops: 'No-op loop: nothing left to compact', overflow: 'Stuck: reactive retries still overflow' }[spiral]
    : `${rng.pick(tasks)} (#${1000 + index})`;
  const subCount = spiral ? 0 : weighted(rng, [[0, 40], [1, 35], [2, 20], [3, 5]]);
  const withHindsight = !spiral && rng.chance(0.85);
  const primaryAlias = spiral ? 'sonnet' : weighted(rng, PRIMARY_MODELS);
  const paths = ['primary', ...SUBAGENTS.slice(0, subCount).map((s) => `primary/${s}`)];
  const share = paths.map((_, i) => (i === 0 ? 1 : uniform(rng, 0.2, 0.6)));
  const shareSum = share.reduce((a, b) => a + b, 0);
  let left = events;
  const agents: AgentPlan[] = paths.map((path, i) => {
    const primary = i === 0;
    const alias = primary ? primaryAlias : weighted(rng, SUB_MODELS);
    let strategy = primary
      ? weighted(rng, [[1, 45], [2, withHindsight ? 30 : 0], [0, 15], [3, 10]])
      : weighted(rng, [[0, 50], [1, 50]]);
    if (spiral === 'burst') strategy = 1;
    if (spiral === 'noops' || spiral === 'overflow') strategy = 0;
    const summarizerAlias = weighted(rng, SUMMARIZER_ALIASES);
    const summarizer = strategy === 1 || strategy === 3 ? modelName(summarizerAlias) : strategy === 2 ? modelName('haiku') : null;
    const own: Record<string, unknown> = { strategy: STRATEGIES[strategy] };
    if (summarizer && strategy !== 2) own['summarize.model'] = summarizerAlias;
    if (strategy === 2) own['delegate.plugin'] = 'hindsight';
    if (strategy === 3) own['checkpoint.sub_strategy'] = 'summarize';
    const upper = spiral === 'burst' ? 0.8 : 0.85;
    const lower = spiral === 'burst' ? 0.78 : 0.6;
    if (spiral === 'burst') Object.assign(own, { upper_threshold: upper, lower_threshold: lower });
    const n = i === paths.length - 1 ? left : Math.round((events * (share[i] as number)) / shareSum);
    left -= n;
    return {
      agent: { path, parent: primary ? null : 'primary', model_alias: alias, plugins: primary ? (withHindsight ? [...HISTORY_PLUGINS] : ['memory-markdown', 'guard-rails']) : ['memory-markdown'], own, primary_cost: NO_COST, walk: null },
      strategy,
      summarizer,
      window: historyWindow(alias).tokens,
      upper,
      lower,
      events: n,
    };
  });
  // Recent sessions are likelier, so the last day and week are never empty; a busy session ends
  // late enough to fit its events at a plausible pace (~20 minutes apart per agent).
  const busiest = Math.max(...agents.map((a) => a.events));
  const oldest = anchor - shape.days * DAY;
  const needed = Math.min(busiest * 20 * MINUTE, (shape.days - 1) * DAY);
  const sampled = spiral ? anchor - uniform(rng, 0.05, 0.6) * DAY : anchor - Math.pow(rng.next(), 1.6) * (shape.days - 2) * DAY;
  const end = Math.min(anchor, Math.max(sampled, oldest + needed));
  const session: HistorySession = {
    id: `ses_h${index.toString(36).padStart(4, '0')}`,
    project_id: project.id,
    title,
    status: spiral === 'overflow' ? 'context_overflow' : 'idle',
    created_at: end,
    updated_at: end,
    agents: agents.map((a) => a.agent),
  };
  return { session, agents, spiral, end, messageSeed: hashSeed(`${seed}:history:${index}:messages`) };
}

/** Splits `total` events over sessions with a heavy tail (log-normal weights). */
export function eventCounts(rng: Rng, sessions: number, total: number): number[] {
  const weights = Array.from({ length: sessions }, () => Math.exp(1.1 * normal(rng)));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(3, Math.floor((w / sum) * total)));
  let diff = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % sessions) {
    const step = diff > 0 ? 1 : -1;
    if ((counts[i] as number) + step >= 3) {
      counts[i] = (counts[i] as number) + step;
      diff -= step;
    }
  }
  return counts;
}
