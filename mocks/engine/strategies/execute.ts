// Runs a strategy with its fallbacks: drop tries summarize first when enabled (silently
// falling back), summarize and delegate fall back to drop on any failure. Every attempt is
// a step of the fallback chain.

import type { FallbackStep, PluginFired } from '../types';
import type { ExecutableStrategy, StrategyAttempt, StrategyContext } from './context';
import { runDelegate } from './delegate';
import { runDrop } from './drop';
import type { Plan } from './plan';
import { runSummarize } from './summarize';

export interface FallbackFailure {
  attempted_strategy: ExecutableStrategy;
  fallback_strategy: 'drop';
  reason: string;
}

export interface Execution {
  /** The strategy that was asked for. */
  strategy: ExecutableStrategy;
  /** The last attempt's plan: applied when `reached`; otherwise a best effort (or null). */
  plan: Plan | null;
  /** The last attempt succeeded: its plan reaches the lower target. */
  reached: boolean;
  /** Why the last attempt failed, when it did. */
  failed_reason: string | null;
  chain: FallbackStep[];
  /** A summarize / delegate strategy fell back to drop (the drop upgrade's fallback is silent). */
  fallback: FallbackFailure | null;
  /** Compactor plugin fires. */
  plugins: PluginFired[];
  /** Strategy time over all attempts. */
  duration_ms: number;
}

function stepOf(a: StrategyAttempt): FallbackStep {
  return a.ok ? { strategy: a.step, outcome: 'ok', reason: null } : { strategy: a.step, outcome: a.outcome, reason: a.reason };
}

function assemble(strategy: ExecutableStrategy, attempts: readonly StrategyAttempt[]): Execution {
  const last = attempts[attempts.length - 1];
  if (!last) throw new Error('no strategy attempt');
  const firstFailure = attempts.find((a) => !a.ok);
  const fellBack = strategy !== 'drop' && attempts.length > 1 && firstFailure !== undefined && !firstFailure.ok;
  return {
    strategy,
    plan: last.plan,
    reached: last.ok,
    failed_reason: last.ok ? null : last.reason,
    chain: attempts.map(stepOf),
    fallback: fellBack ? { attempted_strategy: strategy, fallback_strategy: 'drop', reason: firstFailure.reason } : null,
    plugins: attempts.flatMap((a) => a.plugins),
    duration_ms: attempts.reduce((n, a) => n + a.duration_ms, 0),
  };
}

export function executeStrategy(ctx: StrategyContext, strategy: ExecutableStrategy): Execution {
  const attempts: StrategyAttempt[] = [];
  if (strategy === 'drop' && ctx.config.summarize.enabled) attempts.push(runSummarize(ctx, 'summarize_upgrade'));
  if (strategy === 'summarize') attempts.push(runSummarize(ctx));
  if (strategy === 'delegate') attempts.push(runDelegate(ctx));
  const first = attempts[0];
  if (first === undefined || !first.ok) attempts.push(runDrop(ctx));
  return assemble(strategy, attempts);
}
