import { formatUsd } from '../domain/format';
import type { CostBreakdown } from '../domain/contract/types';

/** "primary $1.20 · compactor $0.0300" */
function describeCost(cost: CostBreakdown): string {
  return `primary ${formatUsd(cost.primary_usd)} · compactor ${formatUsd(cost.compactor_usd)}`;
}

/** The total, with the primary/compactor split on hover. */
export function CostTotal({ cost }: { cost: CostBreakdown }) {
  return (
    <span className="num" title={describeCost(cost)}>
      {formatUsd(cost.total_usd)}
    </span>
  );
}
