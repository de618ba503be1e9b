// delegate: the designated compactor plugin returns the transformed list. Any failure
// (not configured, throws, times out, invalid result) is reported so the pipeline falls back to drop.

import { extractFilePaths } from '../summarizer';
import { VALIDATION_MS } from '../timing';
import type { CompactorResult, SimulatedCompactor } from '../engine-types';
import type { Message, PluginFired } from '../types';
import { validateCompactorResult } from '../validate-compactor-result';
import type { StrategyAttempt, StrategyContext } from './context';
import { finishPlan, type Plan } from './plan';
import { callSimulatedCompactor } from './simulated-compactor';

function fired(c: SimulatedCompactor, durationMs: number, kind: PluginFired['result_kind']): PluginFired {
  return { name: c.name, role: 'compactor', hook: 'pre_compact', duration_ms: durationMs, result_kind: kind };
}

/** The harness's plan from a validated result; the one new message is the summary, normalized. */
function planFromResult(ctx: StrategyContext, c: SimulatedCompactor, result: CompactorResult): Plan {
  const beforeIds = new Set(ctx.messages.map((m) => m.id));
  const gone = new Set(result.superseded);
  const fresh = result.messages.find((m) => !beforeIds.has(m.id)) ?? null;
  // A plugin reports its model cost on its summary message (metadata.compactor_cost), or the host knows it.
  const cost = c.cost ?? fresh?.metadata.compactor_cost ?? null;
  const summaryMessage: Message | null = fresh && {
    ...fresh,
    metadata: { ...fresh.metadata, kind: 'compaction_summary', compaction_id: ctx.ids.compactionId, compactor_cost: cost },
  };
  const messages = result.messages.map((m) => (m === fresh && summaryMessage ? summaryMessage : m));
  const summaryText = result.summary ?? summaryMessage?.content ?? null;
  return finishPlan(ctx, {
    superseded_ids: ctx.messages.filter((m) => gone.has(m.id)).map((m) => m.id),
    messages,
    summary_message: summaryMessage,
    summary: summaryText,
    key_facts: summaryText === null ? [] : extractFilePaths(summaryText),
    cost,
    summarizer_model: cost ? `${cost.provider}:${cost.model}` : null,
  });
}

export function runDelegate(ctx: StrategyContext): StrategyAttempt {
  const step = 'delegate' as const;
  const wanted = ctx.config.delegate.plugin;
  const c = ctx.compactor;
  if (wanted === null) {
    return { step, ok: false, outcome: 'skipped', reason: 'no compactor plugin configured (compaction.delegate.plugin is null)', plan: null, plugins: [], duration_ms: 0 };
  }
  if (c === null || c.name !== wanted) {
    return { step, ok: false, outcome: 'skipped', reason: `compactor plugin '${wanted}' is not loaded for this agent`, plan: null, plugins: [], duration_ms: 0 };
  }

  const timeout = ctx.config.delegate.timeout_ms;
  if (c.mode === 'timeout' || c.durationMs > timeout) {
    const reason = `compactor timed out after ${timeout} ms`;
    return { step, ok: false, outcome: 'timeout', reason, plan: null, plugins: [fired(c, timeout, 'error')], duration_ms: 0 };
  }

  const call = callSimulatedCompactor(ctx, c);
  if (call.kind === 'threw') {
    return { step, ok: false, outcome: 'error', reason: `compactor threw: ${call.message}`, plan: null, plugins: [fired(c, c.durationMs, 'error')], duration_ms: 0 };
  }
  if (call.kind === 'timeout') {
    return { step, ok: false, outcome: 'timeout', reason: `compactor timed out after ${timeout} ms`, plan: null, plugins: [fired(c, timeout, 'error')], duration_ms: 0 };
  }

  const plugins = [fired(c, c.durationMs, 'compactor_result')];
  const alwaysKeep = new Set(ctx.messages.filter(ctx.isAlwaysKeep).map((m) => m.id));
  const validation = validateCompactorResult(ctx.messages, call.result, alwaysKeep);
  if (!validation.ok) {
    return { step, ok: false, outcome: 'invalid', reason: `${validation.code}: ${validation.detail}`, plan: null, plugins, duration_ms: VALIDATION_MS };
  }
  const plan = planFromResult(ctx, c, call.result);
  if (!plan.reached) {
    const reason = `compactor_result_above_target: ${plan.after_estimate} tokens after the result, lower target ${ctx.target}`;
    return { step, ok: false, outcome: 'invalid', reason, plan: null, plugins, duration_ms: VALIDATION_MS };
  }
  return { step, ok: true, plan, plugins, duration_ms: VALIDATION_MS };
}
