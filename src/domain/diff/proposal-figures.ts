import type { Schemas } from '../contract/types';

type DryRunResult = Schemas['DryRunResult'];

export interface PrunedSize {
  tokens_before: number;
  tokens_after: number;
}

/**
 * A proposal's token figures, so that before − superseded + summary = after holds exactly: before
 * is the context as the session header shows it (the daemon's before_estimate, the pruning pre-pass
 * already applied, so a proposal and its session agree), superseded messages count at the size the
 * model would have seen (pruned where pruned), the summary at its message's estimate. What the
 * pre-pass saved is its own figure (pruned), already out of before.
 */
export interface ProposalFigures {
  before: number;
  pruned: number;
  prunedCount: number;
  superseded: number;
  supersededCount: number;
  summary: number;
  after: number;
  /** Whether the figures add up (they do, unless the daemon's estimates disagree with themselves). */
  balanced: boolean;
}

export function prunedById(result: Pick<DryRunResult, 'pruned'>): ReadonlyMap<string, PrunedSize> {
  return new Map((result.pruned ?? []).map((p) => [p.message_id, { tokens_before: p.tokens_before, tokens_after: p.tokens_after }]));
}

export function proposalFigures(result: DryRunResult): ProposalFigures {
  const pruned = prunedById(result);
  let prunedTokens = 0;
  for (const p of pruned.values()) prunedTokens += p.tokens_before - p.tokens_after;
  let superseded = 0;
  let supersededCount = 0;
  let summary = 0;
  for (const m of result.messages) {
    if (m.id === result.record.summary_message_id) summary = m.metadata.token_estimate;
    else if (m.superseded) {
      supersededCount += 1;
      superseded += pruned.get(m.id)?.tokens_after ?? m.metadata.token_estimate;
    }
  }
  const before = result.before_estimate;
  const after = result.record.after_estimate;
  return {
    before,
    pruned: prunedTokens,
    prunedCount: pruned.size,
    superseded,
    supersededCount,
    summary,
    after,
    balanced: before - superseded + summary === after,
  };
}
