// Builds the CompactionRecord for a compaction event (persisted, or proposed by a dry run).

import { contextParts, type ContextParts } from '../../src/domain/accounting/context';
import { simulatedProvenance, type Provenance } from '../../src/domain/accounting/provenance';
import { roundUsd } from '../../src/domain/accounting/cost';
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
  /** What the token figures hold besides the messages: the base (system prompt, tools) and the output reserve (0 for a figure a transcript recorded: what a call was sent). */
  fixed: { base: number; reserve: number };
  /** Where the event and its figures come from; absent: the simulator computed it. */
  provenance?: Provenance;
}

/** A new record's review state: no flag, no notes, first version, not rolled back. */
export const UNREVIEWED = {
  operator_flag: null,
  operator_notes: null,
  flagged_by: null,
  flagged_at: null,
  version: 1,
  rolled_back: false,
} as const satisfies Partial<CompactionRecord>;

/** after / before; 1 when there was nothing to compress. */
export function compressionRatio(before: number, after: number): number {
  return before > 0 ? after / before : 1;
}

/** A token figure in its parts: the messages are what the base and the reserve leave of it. */
function partsOf(total: number, fixed: RecordParts['fixed']): ContextParts {
  return contextParts(total - fixed.base - fixed.reserve, fixed.base, fixed.reserve);
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
    before_parts: partsOf(p.thresholdEstimate, p.fixed),
    after_parts: partsOf(plan.after_estimate, p.fixed),
    // Measured on a transcript where there is one (transcript-session.ts); the engine's own events have none.
    reread_after: null,
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
    // The summary's size in the context: its message's estimate, the figure the diff and the next estimate count.
    summary_tokens: plan.summary === null ? null : (plan.summary_message?.metadata.token_estimate ?? estimateTextTokens(plan.summary)),
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
    ...UNREVIEWED,
    provenance: p.provenance ?? simulatedProvenance(plan.summary),
  };
}
