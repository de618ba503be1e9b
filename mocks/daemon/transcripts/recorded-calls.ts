// What a transcript's recorded calls cost: a call's usage in the accounting module's terms, and the
// compaction agent's own call a compaction records (Claude Code's agent-acompact-* file), on the
// record and its summary message, also when that file joins a followed session after its
// compaction was read.

import { roundUsd, type TokenUsage } from '../../../src/domain/accounting/cost';
import type { ImportedCompaction, ImportedUsage } from '../../../src/domain/transcripts/types';
import { modelCost } from '../../engine/cost';
import { findModel, pricesOf } from '../../store/catalog';
import type { AgentState, CompactionRecord } from '../../store/types';
import { agentModel } from '../settings/model-windows';

/** A recorded call's usage in the accounting module's terms (input is the uncached input). */
export function usageOf(u: ImportedUsage): TokenUsage {
  return { input: u.input_tokens, cache_read: u.cache_read_input_tokens, cache_write: u.cache_creation_input_tokens, output: u.output_tokens };
}

/** The summarizer a compaction recorded, and what its call cost at its model's prices; nulls where none is recorded. */
export function recordedSummarizer(agent: AgentState, ic: ImportedCompaction): { model: string | null; cost: CompactionRecord['plugin_cost'] } {
  const model = ic.summarizer ? findModel(ic.summarizer.model.includes(':') ? ic.summarizer.model : `${agentModel(agent).provider}:${ic.summarizer.model}`) : null;
  const usage = ic.summarizer?.usage ?? null;
  return { model: model?.id ?? null, cost: model && usage ? modelCost({ model: model.id, prices: pricesOf(model) }, usageOf(usage)) : null };
}

/**
 * A recorded compaction read before the transcript said what its summarizer was (a compaction
 * agent file that joined later): the record and its summary message take it as an import of the
 * whole gives them.
 */
export function joinSummarizer(agent: AgentState, record: CompactionRecord, ic: ImportedCompaction): void {
  const { model, cost } = recordedSummarizer(agent, ic);
  if (record.summarizer_model === model && JSON.stringify(record.plugin_cost) === JSON.stringify(cost)) return;
  record.summarizer_model = model;
  record.plugin_cost = cost;
  record.cost_usd = roundUsd(cost?.cost_usd ?? 0);
  record.provenance = { ...record.provenance, cost: cost ? 'computed' : 'estimated' };
  const summary = agent.messages.find((m) => m.id === record.summary_message_id);
  if (summary) summary.metadata = { ...summary.metadata, compactor_cost: cost };
}
