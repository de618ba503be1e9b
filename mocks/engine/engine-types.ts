// Engine contracts: what runCompaction takes and returns, and the simulated plugins and
// summarizer it runs. Wire shapes (Message, CompactionRecord, …) are in types.ts.

import type { ModelPrices } from '../../src/domain/accounting/cost';
import type { PredicateError } from './pins';
import type {
  CompactionConfig,
  CompactionRecord,
  ContextWindowSource,
  Message,
  PluginCost,
  Strategy,
  Trigger,
} from './types';

export type HookName = 'pre_compact' | 'post_compact';

/** A simulated observer plugin (memory plugins are observers by default). */
export interface ObserverPlugin {
  name: string;
  durationMs: number;
  /** What its pre_compact returns. post_compact is read-only: it yields 'null' (or 'error'). */
  result: 'inject' | 'retain' | 'null' | 'error';
  /** For 'retain': ids treated as always-keep for this compaction event. */
  retainIds?: string[];
  /** For 'inject': the text appended to the summary (a deterministic default names the plugin). */
  injectText?: string;
  /** Subscribed hooks, in firing order; default both. */
  hooks?: HookName[];
}

export type CompactorMode = 'ok' | 'throw' | 'timeout' | 'invalid_split_pair' | 'invalid_dropped_always_keep';

/** A simulated compactor plugin (the delegate strategy). */
export interface SimulatedCompactor {
  name: string;
  mode: CompactorMode;
  /** How long the call takes; above delegate.timeout_ms it times out whatever the mode. */
  durationMs: number;
  /** The plugin's own model cost, if it reports one. */
  cost?: PluginCost | null;
  /** The plugin's own policy from its knob values; absent: it summarizes like the summarize strategy. */
  policy?: CompactorPolicy;
}

/**
 * A compactor plugin that rebuilds the list as [always-keep] + summary + the last `keepRecent`
 * messages (seed 001's chunked summarizer, seed 002's checkpoint summaries).
 */
export interface CompactorPolicy {
  keepRecent: number;
  /** Sequential chunks the summarized part is split into (1 = single pass). */
  chunks: number;
  /** The plugin's summarizer model, for its cost line; null = no model call reported. */
  summarizer: SummarizerSpec | null;
  /** The plugin refuses this call (it throws with this message), e.g. its checkpoint cap is reached. */
  refuse: string | null;
}

/** The summarizer model, resolved by the caller (config.summarize.model, or the agent's own model when null). */
export interface SummarizerSpec {
  /** provider:model */
  model: string;
  /** Its prices per token (the catalog's). */
  prices: ModelPrices;
  /** Simulate a provider error on the summarizer call. */
  fail?: boolean;
}

/** The plugin-host contract for a compactor's return value (ADR-0024 § Plugin roles). */
export interface CompactorResult {
  messages: Message[];
  superseded: string[];
  summary?: string;
}

export interface CompactionIds {
  compactionId: string;
  runId: string;
  summaryMessageId: string;
  /** ISO 8601; the engine never reads the clock. */
  now: string;
}

export interface ContextWindow {
  tokens: number;
  source: ContextWindowSource;
}

export interface CompactionInput {
  /** The agent's ACTIVE list, in order (superseded messages, if any, are ignored). */
  messages: Message[];
  config: CompactionConfig;
  window: ContextWindow;
  /** The model's reserved-output budget, added to every estimate. */
  reservedOutput: number;
  /**
   * What the context holds beyond the list, added to every estimate: the system prompt and tool
   * definitions an imported transcript does not contain (its first recorded call reveals them). 0 when absent.
   */
  baseTokens?: number;
  trigger: Trigger;
  dryRun: boolean;
  ids: CompactionIds;
  observers: ObserverPlugin[];
  compactor: SimulatedCompactor | null;
  summarizer: SummarizerSpec;
  /** The delegate plugin's own trigger in tokens, replacing upper_threshold × window for threshold_crossed. */
  triggerTokens?: number | null;
  /** Defaults to the first message's session_id / agent_path. */
  sessionId?: string;
  agentPath?: string;
}

export type AuditType = 'compaction.triggered' | 'compaction.completed' | 'compaction.noop' | 'compaction.failed';

export interface AuditDraft {
  type: AuditType;
  data: Record<string, unknown>;
}

interface OutcomeBase {
  audit: AuditDraft[];
  /** Always-keep predicates that were ignored (invalid regex, no criterion). */
  predicate_errors: PredicateError[];
}

export interface CompactedOutcome extends OutcomeBase {
  kind: 'compacted';
  record: CompactionRecord;
  superseded_ids: string[];
  summary_message: Message | null;
  /** The resulting active list, as the model would see it (pruned contents, summary in place). */
  messages: Message[];
}

export interface NoopOutcome extends OutcomeBase {
  kind: 'noop';
  /** "strategy superseded zero messages" (the spec's wording). */
  reason: string;
  /** Why: already at/below the lower target, or nothing outside the always-keep set and the turn in flight. */
  detail: string;
  strategy: Strategy;
  /** The (pruned) list, unchanged by compaction. */
  messages: Message[];
}

export interface FailedOutcome extends OutcomeBase {
  kind: 'failed';
  reason: string;
  strategy: Strategy;
  /** The (pruned) list, unchanged: nothing was superseded. */
  messages: Message[];
}

export interface PendingOutcome extends OutcomeBase {
  kind: 'pending';
  /** The compaction the checkpoint proposes (the sub-strategy, computed as a dry run). */
  proposal: CompactedOutcome;
}

/** threshold_crossed only: after pruning, the estimate is below the upper threshold. No event, no audit. */
export interface NotTriggeredOutcome extends OutcomeBase {
  kind: 'not_triggered';
  estimate: number;
  upper_limit: number;
  prune: { pruned_count: number; tokens_saved: number } | null;
  messages: Message[];
}

export type CompactionOutcome = CompactedOutcome | NoopOutcome | FailedOutcome | PendingOutcome | NotTriggeredOutcome;
