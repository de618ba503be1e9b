// checkpoint: no change now. The sub-strategy's result is computed as a proposal (a dry
// run) for the operator to approve; the session pauses with reason compaction_pending.

import type { StrategyContext } from './context';
import { executeStrategy, type Execution } from './execute';

export function checkpointReason(sub: string): string {
  return `compaction_pending: proposal computed with sub_strategy ${sub}; awaiting operator approval`;
}

/** The sub-strategy's execution, its chain headed by the checkpoint step. */
export function runCheckpoint(ctx: StrategyContext): Execution {
  const sub = ctx.config.checkpoint.sub_strategy;
  const execution = executeStrategy(ctx, sub);
  return {
    ...execution,
    chain: [{ strategy: 'checkpoint', outcome: 'ok', reason: checkpointReason(sub) }, ...execution.chain],
  };
}
