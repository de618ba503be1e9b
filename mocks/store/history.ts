import type { CostParts } from '../../src/domain/accounting/cost';
import { simulatedProvenance } from '../../src/domain/accounting/provenance';
import { historySummarizerCost, historyWindow } from './history-costs';
import { FLAGS, KIND_ERROR, RESULT_KINDS, type FactColumns, type SilentColumns } from './facts';
import type { CompactionRecord, Message, Schemas } from './types';
import { stepFigures, type HistorySteps } from './history-steps';
import { STRATEGIES, TRIGGERS } from '../../src/domain/contract/enums.gen';

/**
 * The generated history: thousands of archived sessions and up to millions of compaction events,
 * stored as columns (mocks/store/facts.ts). Everything but the numbers is derived on demand from
 * a per-row hash: a record is materialized into a full CompactionRecord only when a page, a
 * detail or a session view asks for it. The columns are regenerated from `HistorySpec` at start;
 * only operator edits (flags, notes) are persisted, in Store.historyEdits.
 */

export type HistoryScale = 'normal' | 'large';

export interface HistorySpec {
  seed: number;
  scale: HistoryScale;
  /** Epoch ms the history ends at (the first seeding's wall clock), so a restart regenerates the same rows. */
  anchor: number;
}

export interface HistoryAgent {
  path: string;
  parent: string | null;
  model_alias: string;
  plugins: string[];
  own: Record<string, unknown>;
  /** Its own calls, priced part by part as the simulator prices a call. */
  primary_cost: CostParts;
  /** How its messages are made again (daemon/seeding/history-walk.ts): the walk's seed and tokenizer scale; its active messages' tokens at the end. */
  walk: { seed: number; scale: number; tokens: number } | null;
}

export interface HistorySession {
  id: string;
  project_id: string;
  title: string;
  status: Schemas['SessionStatus'];
  created_at: number;
  updated_at: number;
  agents: HistoryAgent[];
}

export interface History {
  spec: HistorySpec;
  sessions: HistorySession[];
  /** Session id → index into sessions (and into facts.sessions / silent.sessions). */
  sessionIndex: Map<string, number>;
  /** Rows in time order (ties by generation order). */
  facts: FactColumns;
  silent: SilentColumns;
  /** Rows of session s: bySession[start[s] .. start[s + 1]), in time order. */
  factStart: Int32Array;
  factsBySession: Int32Array;
  silentStart: Int32Array;
  silentBySession: Int32Array;
  /** Per session, over its rows in time order. */
  sessionCompactorUsd: Float64Array;
  /** Per row: what the event did to its agent's messages (history-steps.ts). */
  steps: HistorySteps;
  /** An agent's messages, made again by the generator's walk (for a session's view). */
  messagesOf: (session: number, agent: HistoryAgent) => Message[];
}

/** What an operator changed on a history record (the rest of it is derived). */
export type RecordEdit = Pick<CompactionRecord, 'operator_flag' | 'operator_notes' | 'flagged_by' | 'flagged_at' | 'version' | 'rolled_back'>;

export const HISTORY_ID_PREFIX = 'cmp_h';
export const HISTORY_SOURCE = { kind: 'generated', name: 'history' } as const;

export function historyId(row: number): string {
  return `${HISTORY_ID_PREFIX}${row.toString(36).padStart(6, '0')}`;
}

/** The row of a history record id, or -1 when the id is not one (or out of range). */
export function historyRow(history: History | null, id: string): number {
  if (!history || !id.startsWith(HISTORY_ID_PREFIX) || id.length !== HISTORY_ID_PREFIX.length + 6) return -1;
  const row = Number.parseInt(id.slice(HISTORY_ID_PREFIX.length), 36);
  return Number.isInteger(row) && row >= 0 && row < history.facts.length && historyId(row) === id ? row : -1;
}

/** A stable 32-bit mix of (seed, row, salt): the source of every derived detail. */
export function rowHash(seed: number, row: number, salt = 0): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(row + 1, 0xc2b2ae35) ^ Math.imul(salt + 7, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

export const HISTORY_FILES = [
  'src/billing/invoice.ts',
  'src/billing/ledger.ts',
  'migrations/0042_add_refunds.sql',
  'src/api/routes/payments.ts',
  'test/payments/refund.test.ts',
  'infra/terraform/main.tf',
  'infra/k8s/deploy.yaml',
  'docs/runbooks/incident.md',
  'src/pipeline/extract.py',
  'src/pipeline/load.py',
  'tests/test_transform.py',
  'README.md',
  'src/harness/compaction.ts',
  'packages/storage/src/compaction-record.ts',
  'src/llm/estimate-tokens.ts',
  'docs/specs/agent.md',
] as const;

const SUMMARY_TEMPLATES = [
  'Goal: fix the failing refund flow. Done: traced the double charge to {a}; patched the idempotency check. Next: run {b} and update the changelog.',
  'Context so far: the operator asked for a migration plan. Read {a} and {b}; decided to split the change into two deploys. Open question: downtime window.',
  'Work summary: refactored {a} into smaller functions, tests in {b} pass. Constraint kept: public API unchanged. Pending: review comments from the last turn.',
  'State: investigating flaky CI. Reproduced locally with {b}; root cause is a race in {a}. Plan: add a lock, rerun the suite three times.',
  'Handoff: schema change drafted in {a}; rollback script written; {b} still references the old column and must be updated before merge.',
  'Summary: the agent explored {a} and {b}, found no caller of the deprecated helper, removed it, and is waiting for the operator to confirm the release.',
] as const;

const NOTES = [
  'Summary kept the failing test name; good handoff.',
  'Lost the migration file from the key facts.',
  'Fine, but the summary repeats the goal twice.',
  'Fallback to drop lost the plan; the compactor timed out again.',
  'Compacted again two minutes later: this one achieved almost nothing.',
  'Exactly what I would have kept.',
] as const;

const OPERATORS = ['ana', 'karasu', 'ops-bot', 'mira'] as const;

/** Summary text of a row: fully determined by (template, file a, file b), so text search can be answered per combination. */
export function summaryParts(seed: number, row: number): [number, number, number] {
  const h = rowHash(seed, row, 1);
  return [h % SUMMARY_TEMPLATES.length, (h >>> 8) % HISTORY_FILES.length, (h >>> 16) % HISTORY_FILES.length];
}

export function summaryText(t: number, a: number, b: number): string {
  return (SUMMARY_TEMPLATES[t] as string).replace('{a}', HISTORY_FILES[a] as string).replace('{b}', HISTORY_FILES[b] as string);
}

export const SUMMARY_TEMPLATE_COUNT = SUMMARY_TEMPLATES.length;

/** The seeded note of a flagged row, as an index into HISTORY_NOTES, or -1 for none. */
export function seededNote(seed: number, row: number): number {
  const h = rowHash(seed, row, 2);
  return h % 10 < 4 ? h % NOTES.length : -1;
}

export const HISTORY_NOTES: readonly string[] = NOTES;

interface FallbackText {
  reason: string;
  chain: CompactionRecord['fallback_chain'];
}

/** The fallback chain behind a "strategy: code" kind (the same grouping stats.fallbackKind makes). */
export function fallbackText(kind: string, compactor: string, summarizer: string | null): FallbackText {
  const [strategy, code] = kind.split(': ') as [string, string];
  let reason: string;
  let outcome: CompactionRecord['fallback_chain'][number]['outcome'];
  if (code === 'timeout') {
    reason = `compactor timed out after 30000 ms`;
    outcome = 'timeout';
  } else if (code === 'error' && strategy === 'summarize') {
    reason = `summarizer ${summarizer ?? 'unknown:unknown'} failed: simulated provider error`;
    outcome = 'error';
  } else if (code === 'error') {
    reason = `compactor threw: ${compactor} lost its connection to the memory backend`;
    outcome = 'error';
  } else {
    reason = `${code}: the result separates a tool call from its result`;
    outcome = 'invalid';
  }
  const first = (strategy === 'summarize' ? 'summarize' : 'delegate') as CompactionRecord['fallback_chain'][number]['strategy'];
  return { reason, chain: [{ strategy: first, outcome, reason }, { strategy: 'drop', outcome: 'ok', reason: null }] };
}

function pluginVersionOf(facts: FactColumns, plugin: string, row: number): string | undefined {
  const v = facts.pluginVersion[plugin]?.[row] ?? -1;
  return v >= 0 ? facts.versions[v] : undefined;
}

/** One history row as the full wire record, with the operator's edit when there is one. */
export function materialize(history: History, row: number, edit: RecordEdit | undefined): CompactionRecord {
  const f = history.facts;
  const seed = history.spec.seed;
  const id = historyId(row);
  const s = f.session[row] as number;
  const session = history.sessions[s] as HistorySession;
  const agentPath = f.agents[f.agent[row] as number] as string;
  const agent = session.agents.find((a) => a.path === agentPath);
  const before = f.before[row] as number;
  const after = f.after[row] as number;
  const summaryTokens = f.summaryTokens[row] as number;
  const summarizerIdx = f.summarizer[row] as number;
  const summarizer = summarizerIdx >= 0 ? (f.summarizers[summarizerIdx] as string) : null;
  const [t, a, b] = summaryParts(seed, row);
  const summary = summaryTokens >= 0 ? summaryText(t, a, b) : null;
  const h = rowHash(seed, row, 3);
  const steps = stepFigures(history.steps, row, session.id, agentPath, before, after, summary !== null);
  const plugins_fired: CompactionRecord['plugins_fired'] = [];
  f.slots.forEach((slot, i) => {
    const kind = f.slotKind[i]?.[row] ?? 0;
    if (kind === 0) return;
    const version = pluginVersionOf(f, slot.plugin, row);
    plugins_fired.push({
      name: slot.plugin,
      role: slot.role,
      hook: slot.hook,
      duration_ms: f.slotMs[i]?.[row] as number,
      result_kind: RESULT_KINDS[kind - 1] as CompactionRecord['plugins_fired'][number]['result_kind'],
      ...(version ? { version } : {}),
    });
  });
  const compactor = f.slots.find((slot, i) => slot.role === 'compactor' && (f.slotKind[i]?.[row] ?? 0) > 0)?.plugin ?? 'hindsight';
  const fallbackIdx = f.fallback[row] as number;
  const fallback = fallbackIdx >= 0 ? fallbackText(f.fallbackKinds[fallbackIdx] as string, compactor, summarizer) : null;
  const flagCode = f.flag[row] as number;
  const seededFlag = FLAGS[flagCode] ?? null;
  const note = seededNote(seed, row);
  const seeded = {
    operator_flag: seededFlag,
    operator_notes: seededFlag && note >= 0 ? (NOTES[note] as string) : null,
    flagged_by: seededFlag ? (OPERATORS[(h >>> 20) % OPERATORS.length] as string) : null,
    flagged_at: seededFlag ? new Date(f.flaggedAt[row] as number).toISOString() : null,
    version: seededFlag ? 2 : 1,
    rolled_back: false,
  };
  const own = agent?.own ?? {};
  return {
    id,
    session_id: session.id,
    run_id: `run_${session.id}_h${row.toString(36)}`,
    agent_path: agentPath,
    created_at: new Date(f.at[row] as number).toISOString(),
    trigger: TRIGGERS[f.trigger[row] as number] as CompactionRecord['trigger'],
    strategy: STRATEGIES[f.strategy[row] as number] as CompactionRecord['strategy'],
    threshold_estimate: before,
    after_estimate: after,
    context_window: f.window[row] as number,
    context_window_source: historyWindow(agent?.model_alias ?? '').source,
    window_upper: typeof own.upper_threshold === 'number' ? own.upper_threshold : 0.85,
    window_lower: typeof own.lower_threshold === 'number' ? own.lower_threshold : 0.6,
    messages_before: steps.messages_before,
    messages_after: steps.messages_after,
    compression_ratio: before > 0 ? after / before : 1,
    superseded_message_ids: steps.superseded_message_ids,
    summary_message_id: steps.summary_message_id,
    summary,
    summary_tokens: summaryTokens >= 0 ? summaryTokens : null,
    key_facts: summary ? [...new Set([HISTORY_FILES[a] as string, HISTORY_FILES[b] as string])] : [],
    summarizer_model: summarizer,
    plugins_fired,
    plugin_cost: summarizer && summaryTokens >= 0 ? historySummarizerCost(summarizer, before, summaryTokens) : null,
    cost_usd: f.cost[row] as number,
    duration_ms: f.duration[row] as number,
    prune: null,
    fallback_occurred: fallback !== null,
    fallback_reason: fallback?.reason ?? null,
    fallback_chain: fallback ? fallback.chain : [{ strategy: STRATEGIES[f.strategy[row] as number] as Schemas['FallbackStep']['strategy'], outcome: 'ok', reason: null }],
    dry_run: false,
    // The generated history is the simulator's: every event in it is simulated.
    provenance: simulatedProvenance(summary),
    before_parts: steps.before_parts,
    after_parts: steps.after_parts,
    reread_after: null,
    ...seeded,
    ...(edit ?? {}),
  };
}

/** Whether a row fired any plugin hook with an error result. */
export function hookErrored(f: FactColumns, row: number, slotFilter?: (slot: number) => boolean): boolean {
  for (let i = 0; i < f.slots.length; i++) {
    if (slotFilter && !slotFilter(i)) continue;
    if ((f.slotKind[i]?.[row] ?? 0) === KIND_ERROR) return true;
  }
  return false;
}
