// summarize: replace a window of the oldest compactable units (never the preserve_recent
// most recent messages) by one summary message from the (simulated) summarizer model.

import { freshCall, modelCost } from '../cost';
import { SUMMARIZER_ERROR_MS, summarizerDurationMs } from '../timing';
import type { FallbackStep } from '../types';
import type { StrategyAttempt, StrategyContext } from './context';
import { buildPlan } from './plan';
import { unreachableReason } from './selection';
import { selectSummaryWindow, summarizeUnits } from './summary-window';

/** `step` is 'summarize', or 'summarize_upgrade' when drop tries it first (ADR-0024 amendment 5). */
export function runSummarize(ctx: StrategyContext, step: FallbackStep['strategy'] = 'summarize'): StrategyAttempt {
  const preserve = ctx.config.summarize.preserve_recent;
  const window = selectSummaryWindow(ctx);
  const failed = (outcome: 'invalid' | 'error', reason: string, duration_ms: number): StrategyAttempt => ({
    step,
    ok: false,
    outcome,
    reason,
    plan: null,
    plugins: [],
    duration_ms,
  });

  if (!window.reached) {
    const why = unreachableReason(ctx, window.candidates, window.reserve);
    return failed('invalid', `summarize cannot reach the target while preserving the ${preserve} most recent messages: ${why}`, 0);
  }
  if (window.units.length === 0) return { step, ok: true, plan: buildPlan(ctx, [], null), plugins: [], duration_ms: 0 };
  if (ctx.summarizer.fail) return failed('error', `summarizer ${ctx.summarizer.model} failed: simulated provider error`, SUMMARIZER_ERROR_MS);

  const summary = summarizeUnits(ctx, window.units, ctx.summarizer.model);
  const cost = modelCost(ctx.summarizer, freshCall(summary.input_tokens, summary.output_tokens));
  const plan = buildPlan(ctx, window.units, { text: summary.text, key_facts: summary.key_facts, cost, model: ctx.summarizer.model });
  const duration_ms = summarizerDurationMs(summary.input_tokens, summary.output_tokens);
  if (!plan.reached) {
    // Unreachable by construction (the reserve bounds the summary); kept as a guard.
    return failed('invalid', `summary left ${plan.after_estimate} tokens, above the lower target ${ctx.target}`, duration_ms);
  }
  return { step, ok: true, plan, plugins: [], duration_ms };
}
