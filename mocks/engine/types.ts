// Wire types of the compaction engine. They mirror the HTTP API's JSON (snake_case) and are
// the shapes the simulated daemon stores and serves. Engine-only contracts (inputs, outcomes,
// simulated plugins) live in engine-types.ts.

export type Role = 'system' | 'user' | 'assistant' | 'tool';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export type PinReason = 'system_prompt' | 'first_operator_message' | 'always_keep_metadata' | 'predicate';

/** Why a message is always kept. detail: the predicate id, or the plugin name for metadata. */
export interface Pin {
  reason: PinReason;
  detail: string | null;
}

export interface PluginCost {
  provider: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
}

export interface MessageMetadata {
  token_estimate: number;
  kind: 'compaction_summary' | null;
  /** Set by plugins via message metadata. */
  always_keep: boolean;
  /** The plugin that set always_keep. */
  always_keep_source: string | null;
  /** For a summary message: the compaction that produced it. */
  compaction_id: string | null;
  compactor_cost: PluginCost | null;
}

export interface Message {
  id: string;
  session_id: string;
  agent_path: string;
  index: number;
  role: Role;
  content: string;
  tool_calls: ToolCall[];
  tool_call_id: string | null;
  tool_name: string | null;
  /** ISO 8601 */
  created_at: string;
  superseded: boolean;
  superseded_by: string | null;
  /** Computed: why the message is always kept (null if it is not). */
  pin: Pin | null;
  metadata: MessageMetadata;
}

export type Strategy = 'drop' | 'summarize' | 'delegate' | 'checkpoint';

export type Trigger =
  | 'threshold_crossed'
  | 'provider_overflow_retry'
  | 'operator_manual'
  | 'scheduled'
  | 'hook_requested';

export interface AlwaysKeepPredicate {
  id: string;
  description: string;
  role?: Role;
  content_regex?: string;
  tool_name?: string;
}

export interface SummarizeConfig {
  enabled: boolean;
  /** Model alias; null = the agent's own model. */
  model: string | null;
  prompt: string;
  window_messages: number;
  preserve_recent: number;
  max_summary_tokens: number;
}

export interface PruneConfig {
  protect_tokens: number;
  minimum_savings: number;
  protected_tools: string[];
}

export interface CompactionConfig {
  strategy: Strategy;
  upper_threshold: number;
  lower_threshold: number;
  summarize: SummarizeConfig;
  delegate: { plugin: string | null; timeout_ms: number };
  checkpoint: { sub_strategy: 'drop' | 'summarize' };
  always_keep: AlwaysKeepPredicate[];
  prune: PruneConfig;
}

export interface PluginFired {
  name: string;
  role: 'observer' | 'compactor';
  hook: 'pre_compact' | 'post_compact';
  duration_ms: number;
  result_kind: 'inject' | 'retain' | 'compactor_result' | 'null' | 'error';
}

export interface FallbackStep {
  strategy: Strategy | 'summarize_upgrade';
  outcome: 'ok' | 'error' | 'timeout' | 'invalid' | 'skipped';
  reason: string | null;
}

export type ContextWindowSource = 'catalog' | 'override' | 'fallback';

export interface CompactionRecord {
  id: string;
  session_id: string;
  run_id: string;
  agent_path: string;
  created_at: string;
  trigger: Trigger;
  strategy: Strategy;
  /** Estimated tokens at trigger time (after the pruning pre-pass). */
  threshold_estimate: number;
  /** Estimated tokens after compaction. */
  after_estimate: number;
  context_window: number;
  context_window_source: ContextWindowSource;
  /** Ratios. */
  window_upper: number;
  window_lower: number;
  /** Active (non-superseded) message counts. */
  messages_before: number;
  messages_after: number;
  /** after_estimate / threshold_estimate */
  compression_ratio: number;
  superseded_message_ids: string[];
  summary_message_id: string | null;
  summary: string | null;
  summary_tokens: number | null;
  key_facts: string[];
  /** provider:model */
  summarizer_model: string | null;
  plugins_fired: PluginFired[];
  /** Cost of the summarizer / compactor model call. */
  plugin_cost: PluginCost | null;
  /** Total cost of this compaction (0 for a pure drop). */
  cost_usd: number;
  duration_ms: number;
  /** The pruning pre-pass, when it pruned something. */
  prune: { pruned_count: number; tokens_saved: number } | null;
  fallback_occurred: boolean;
  fallback_reason: string | null;
  fallback_chain: FallbackStep[];
  dry_run: boolean;
  operator_flag: 'good' | 'bad' | 'neutral' | null;
  operator_notes: string | null;
  flagged_by: string | null;
  flagged_at: string | null;
  version: number;
  rolled_back: boolean;
}
