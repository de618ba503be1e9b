/**
 * What compaction cost: per event (the summarizer's or compactor plugin's model call) and the
 * session's split between the agents' own calls and compaction.
 */
import type { CompactionRecord, CostBreakdown } from '../../../domain/contract/types';
import { compactorShare, usageInput } from '../../../domain/accounting/cost';
import { axisTimeLabel, timeSpan } from './series';

export interface CostPoint {
  index: number;
  id: string;
  at: string;
  label: string;
  agent: string;
  strategy: CompactionRecord['strategy'];
  usd: number;
  /** provider:model, or null when no model ran (drop). */
  model: string | null;
  /** The context the call was sent: uncached input, cache reads and cache writes. */
  inputTokens: number | null;
  outputTokens: number | null;
}

export function costPerEvent(records: readonly CompactionRecord[]): CostPoint[] {
  const span = timeSpan(records);
  return records.map((r, index) => ({
    index,
    id: r.id,
    at: r.created_at,
    label: axisTimeLabel(r.created_at, span),
    agent: r.agent_path,
    strategy: r.strategy,
    usd: r.cost_usd,
    model: r.plugin_cost ? `${r.plugin_cost.provider}:${r.plugin_cost.model}` : r.summarizer_model,
    inputTokens: r.plugin_cost ? usageInput({ input: r.plugin_cost.input_tokens, cache_read: r.plugin_cost.cache_read_tokens, cache_write: r.plugin_cost.cache_write_tokens, output: 0 }) : null,
    outputTokens: r.plugin_cost?.output_tokens ?? null,
  }));
}

export interface CostSummary {
  /** Sum over the events drawn. */
  total: number;
  /** Mean over events that cost anything. */
  meanPaid: number | null;
  max: number;
  free: number;
}

export function summarizeCosts(points: readonly CostPoint[]): CostSummary {
  const paid = points.filter((p) => p.usd > 0);
  const total = points.reduce((sum, p) => sum + p.usd, 0);
  return {
    total,
    meanPaid: paid.length > 0 ? paid.reduce((sum, p) => sum + p.usd, 0) / paid.length : null,
    max: points.reduce((max, p) => Math.max(max, p.usd), 0),
    free: points.length - paid.length,
  };
}

export interface CostSplit {
  primary: number;
  compactor: number;
  total: number;
  /** compactor / total, 0..1 (0 when nothing was spent). */
  compactorShare: number;
}

export function costSplit(cost: CostBreakdown): CostSplit {
  return {
    primary: cost.primary_usd,
    compactor: cost.compactor_usd,
    total: cost.total_usd,
    compactorShare: compactorShare(cost),
  };
}
