// The compaction pipeline (agent.md § The compaction pipeline): pruning pre-pass →
// estimate → trigger → pre_compact observers → strategy (with fallbacks) → post_compact
// observers → no-op guard → record + audit. Pure and deterministic: no clock, no randomness,
// inputs never mutated; the caller persists what it returns.

import { completedEvent, failedEvent, noopEvent, triggeredEvent, type AuditScope } from './audit';
import type { AuditDraft, CompactedOutcome, CompactionInput, CompactionOutcome } from './engine-types';
import { tokenLimits, type TokenLimits } from '../../src/domain/accounting/thresholds';
import { estimateTokens } from './estimate';
import { firePostCompact, firePreCompact, type PreCompactEffects } from './observers';
import { computePins, type PredicateError } from './pins';
import { pruneToolOutputs, type PruneResult } from './prune';
import { buildRecord } from './record';
import { runCheckpoint } from './strategies/checkpoint';
import type { StrategyContext } from './strategies/context';
import { executeStrategy, type Execution } from './strategies/execute';
import { buildPlan } from './strategies/plan';
import type { CompactionRecord, Message } from './types';
import { groupUnits, newestUnit } from './units';

/** The spec's no-op reason. */
export const NOOP_REASON = 'strategy superseded zero messages';

/** Proactive check: fire when estimate / window ≥ upper_threshold. */
export function shouldTrigger(estimate: number, windowTokens: number, upperThreshold: number): boolean {
  return estimate >= tokenLimits(windowTokens, upperThreshold, 0).upper;
}

/** A summarize / delegate strategy fell back to drop: the whole chain as one event. */
function fallbackEvent(scope: AuditScope, exec: Execution): AuditDraft | null {
  if (!exec.fallback) return null;
  return failedEvent(scope, exec.fallback.attempted_strategy, 'drop', exec.fallback.reason, exec.chain);
}

/** The failure to report: the target was unreachable (after any fallback), or a fallback happened. */
function failureEvent(scope: AuditScope, input: CompactionInput, exec: Execution): AuditDraft | null {
  if (exec.reached) return fallbackEvent(scope, exec);
  const fallback = exec.fallback ? 'drop' : null;
  return failedEvent(scope, input.config.strategy, fallback, exec.failed_reason ?? 'strategy failed', exec.chain);
}

/** What the pipeline's first steps made of its input: the active list with its pins, and the pruning pass over it. */
export interface PreparedList {
  /** The active list, pins computed, before pruning. */
  pinned: Message[];
  pruning: PruneResult;
}

interface Prepared {
  /** The active list after pruning, pins computed. */
  messages: Message[];
  list: PreparedList;
  predicate_errors: PredicateError[];
  estimate: number;
  limits: TokenLimits;
  prune: CompactionRecord['prune'];
  sessionId: string;
  agentPath: string;
}

/** A delegate plugin's own trigger (absolute tokens) replaces the upper limit; the lower target stays. */
function withTrigger(limits: TokenLimits, triggerTokens: number | null | undefined): TokenLimits {
  return triggerTokens != null && triggerTokens > 0 ? { ...limits, upper: Math.ceil(triggerTokens) } : limits;
}

/**
 * Steps 1–3: pins, pruning pre-pass, estimate. The always-keep set is computed on the original
 * messages (a predicate must not stop matching because pruning shortened the text), and an
 * always-keep message is never a pruning candidate: pruning keeps the pins it is given.
 */
function prepare(input: CompactionInput): Prepared {
  const { config } = input;
  const pinned = computePins(
    input.messages.filter((m) => !m.superseded),
    config.always_keep,
  );
  const errors = pinned.errors;
  const pruned = pruneToolOutputs(pinned.messages, config.prune, (m) => m.pin !== null);
  const messages = pruned.messages;
  return {
    messages,
    list: { pinned: pinned.messages, pruning: pruned },
    predicate_errors: errors,
    estimate: estimateTokens(messages, input.reservedOutput + (input.baseTokens ?? 0)),
    limits: withTrigger(tokenLimits(input.window.tokens, config.upper_threshold, config.lower_threshold), input.triggerTokens),
    prune: pruned.prunedCount > 0 ? { pruned_count: pruned.prunedCount, tokens_saved: pruned.tokensSaved } : null,
    sessionId: input.sessionId ?? messages[0]?.session_id ?? '',
    agentPath: input.agentPath ?? messages[0]?.agent_path ?? 'primary',
  };
}

function strategyContext(input: CompactionInput, p: Prepared, pre: PreCompactEffects): StrategyContext {
  const isAlwaysKeep = (m: Message): boolean => m.pin !== null || pre.retained.has(m.id);
  const units = groupUnits(p.messages, isAlwaysKeep);
  return {
    messages: p.messages,
    units,
    newest: newestUnit(units, p.messages.length),
    current: p.estimate,
    target: p.limits.target,
    reservedOutput: input.reservedOutput,
    baseTokens: input.baseTokens ?? 0,
    config: input.config,
    ids: input.ids,
    sessionId: p.sessionId,
    agentPath: p.agentPath,
    summarizer: input.summarizer,
    compactor: input.compactor,
    injections: pre.injections,
    isAlwaysKeep,
  };
}

export function runCompaction(input: CompactionInput): CompactionOutcome {
  return runCompactionShowing(input).outcome;
}

/** runCompaction, with the list its first steps prepared (a dry run shows the proposal over it, and needs not prepare it again). */
export function runCompactionShowing(input: CompactionInput): { outcome: CompactionOutcome; prepared: PreparedList } {
  const p = prepare(input);
  return { outcome: decide(input, p), prepared: p.list };
}

function decide(input: CompactionInput, p: Prepared): CompactionOutcome {
  const { config, trigger, ids } = input;
  const { messages, predicate_errors, estimate, limits } = p;

  if (trigger === 'threshold_crossed' && !input.dryRun && estimate < limits.upper) {
    return { kind: 'not_triggered', estimate, upper_limit: limits.upper, prune: p.prune, messages, audit: [], predicate_errors };
  }

  const scope = (dry_run: boolean): AuditScope => ({
    session_id: p.sessionId,
    run_id: ids.runId,
    agent_path: p.agentPath,
    compaction_id: ids.compactionId,
    dry_run,
  });
  const triggered = triggeredEvent(scope(input.dryRun), trigger, estimate, config.strategy);

  const pre = firePreCompact(input.observers);
  const ctx = strategyContext(input, p, pre);
  const isCheckpoint = config.strategy === 'checkpoint';
  const exec = config.strategy === 'checkpoint' ? runCheckpoint(ctx) : executeStrategy(ctx, config.strategy);
  const plan = exec.plan ?? buildPlan(ctx, [], null);
  const nothing = plan.superseded_ids.length === 0;

  if (!input.dryRun && nothing) {
    const detail =
      estimate <= limits.target
        ? `already at or below the lower target (${estimate} ≤ ${limits.target} tokens)`
        : 'nothing outside the always-keep set and the turn in flight can be superseded';
    const fallback = fallbackEvent(scope(false), exec);
    const audit = [triggered, ...(fallback ? [fallback] : []), noopEvent(scope(false), NOOP_REASON, config.strategy)];
    return { kind: 'noop', reason: NOOP_REASON, detail, strategy: config.strategy, messages, audit, predicate_errors };
  }
  if (!input.dryRun && !exec.reached) {
    const failure = failureEvent(scope(false), input, exec);
    const reason = exec.failed_reason ?? 'strategy failed';
    return { kind: 'failed', reason, strategy: config.strategy, messages, audit: failure ? [triggered, failure] : [triggered], predicate_errors };
  }

  // A checkpoint's result is a proposal: a dry run until the operator approves it.
  const proposalOnly = input.dryRun || isCheckpoint;
  const plugins = [...pre.fired, ...exec.plugins, ...(nothing ? [] : firePostCompact(input.observers))];
  const record = buildRecord({
    ids,
    sessionId: p.sessionId,
    agentPath: p.agentPath,
    trigger,
    strategy: config.strategy,
    window: input.window,
    config,
    thresholdEstimate: estimate,
    messagesBefore: messages.length,
    plan,
    plugins,
    strategyDurationMs: exec.duration_ms,
    prune: p.prune,
    chain: exec.chain,
    fallbackReason: exec.fallback?.reason ?? null,
    dryRun: proposalOnly,
    fixed: { base: input.baseTokens ?? 0, reserve: input.reservedOutput },
  });
  const recordScope = scope(proposalOnly);
  const failure = failureEvent(recordScope, input, exec);
  const compacted: CompactedOutcome = {
    kind: 'compacted',
    record,
    superseded_ids: [...plan.superseded_ids],
    summary_message: plan.summary_message,
    messages: plan.messages,
    audit: [
      triggeredEvent(recordScope, trigger, estimate, config.strategy),
      ...(failure ? [failure] : []),
      completedEvent(recordScope, record, plugins),
    ],
    predicate_errors,
  };
  if (isCheckpoint && !input.dryRun) {
    return { kind: 'pending', proposal: compacted, audit: [triggered], predicate_errors };
  }
  return compacted;
}
