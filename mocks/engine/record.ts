// Builds the CompactionRecord for a compaction event (persisted, or proposed by a dry run).

import { roundUsd } from './cost';
import type { CompactionIds, ContextWindow } from './engine-types';
import { estimateTextTokens } from './estimate';
import type { Plan } from './strategies/plan';
import type { CompactionConfig, CompactionRecord, FallbackStep, PluginFired, Strategy, Trigger } from './types';

export interface RecordParts {
  ids: CompactionIds;
  sessionId: string;
  agentPath: string;
  trigger: Trigger;
  strategy: Strategy;
  window: ContextWindow;
  config: CompactionConfig;
  thresholdEstimate: number;
  messagesBefore: number;
  plan: Plan;
  plugins: PluginFired[];
  strategyDurationMs: number;
  prune: CompactionRecord['prune'];
  chain: FallbackStep[];
  fallbackReason: string | null;
  dryRun: boolean;
}

/** after / before; 1 when there was nothing to compress. */
export function compressionRatio(before: number, after: number): number {
  return before > 0 ? after / before : 1;
}

export function buildRecord(p: RecordParts): CompactionRecord {
  const { plan } = p;
  const pluginMs = p.plugins.reduce((n, f) => n + f.duration_ms, 0);
  return {
    id: p.ids.compactionId,
    session_id: p.sessionId,
    run_id: p.ids.runId,
    agent_path: p.agentPath,
    created_at: p.ids.now,
    trigger: p.trigger,
    strategy: p.strategy,
    threshold_estimate: p.thresholdEstimate,
    after_estimate: plan.after_estimate,
    context_window: p.window.tokens,
    context_window_source: p.window.source,
    window_upper: p.config.upper_threshold,
    window_lower: p.config.lower_threshold,
    messages_before: p.messagesBefore,
    messages_after: plan.messages.length,
    compression_ratio: compressionRatio(p.thresholdEstimate, plan.after_estimate),
    superseded_message_ids: [...plan.superseded_ids],
    summary_message_id: plan.summary_message?.id ?? null,
    summary: plan.summary,
    summary_tokens: plan.summary === null ? null : estimateTextTokens(plan.summary),
    key_facts: [...plan.key_facts],
    summarizer_model: plan.summarizer_model,
    plugins_fired: p.plugins,
    plugin_cost: plan.cost,
    cost_usd: roundUsd(plan.cost?.cost_usd ?? 0),
    duration_ms: pluginMs + p.strategyDurationMs,
    prune: p.prune,
    fallback_occurred: p.fallbackReason !== null,
    fallback_reason: p.fallbackReason,
    fallback_chain: p.chain,
    dry_run: p.dryRun,
    operator_flag: null,
    operator_notes: null,
    flagged_by: null,
    flagged_at: null,
    version: 1,
    rolled_back: false,
  };
}
