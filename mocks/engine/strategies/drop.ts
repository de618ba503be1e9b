// drop: supersede the oldest compactable units until the estimate reaches the lower target.
// The floor every other strategy falls back to.

import { dropDurationMs } from '../timing';
import type { StrategyAttempt, StrategyContext } from './context';
import { buildPlan, summaryReserve } from './plan';
import { candidateUnits, takeOldestUntil, unreachableReason } from './selection';

export function runDrop(ctx: StrategyContext): StrategyAttempt {
  const candidates = candidateUnits(ctx);
  // Drop writes no text; only observer injections can produce a (small) summary message.
  const reserve = summaryReserve(0, ctx.injections);
  const selection = takeOldestUntil(candidates, ctx.current, ctx.target, reserve);
  const plan = buildPlan(ctx, selection.taken, null);
  const base = { step: 'drop' as const, plugins: [], duration_ms: dropDurationMs(candidates.length) };
  if (selection.reached) return { ...base, ok: true, plan };
  return { ...base, ok: false, outcome: 'invalid', reason: unreachableReason(ctx, candidates, reserve), plan };
}
