// A simulated compactor plugin (the delegate strategy's other side). In 'ok' mode it
// returns a summarize-like CompactorResult; the invalid modes corrupt that result the way a
// buggy plugin would, so the harness's real validation has something to catch.

import { freshCall, modelCost } from '../cost';
import type { CompactorPolicy, CompactorResult, SimulatedCompactor } from '../engine-types';
import type { Message } from '../types';
import { groupUnits, type Unit } from '../units';
import type { StrategyContext } from './context';
import { buildPlan, type SummaryDraft } from './plan';
import { candidateUnits } from './selection';
import { selectSummaryWindow, summarizeUnits } from './summary-window';

export type CompactorCall =
  | { kind: 'threw'; message: string }
  | { kind: 'timeout' }
  | { kind: 'returned'; result: CompactorResult };

/**
 * A keep-recent policy: every compactable unit older than the last `keepRecent` messages is
 * summarized, in `chunks` sequential parts, each capped so the whole stays within max_summary_tokens.
 */
function policySummary(ctx: StrategyContext, compactor: SimulatedCompactor, policy: CompactorPolicy): { units: Unit[]; draft: SummaryDraft } {
  const units = candidateUnits(ctx, policy.keepRecent);
  const chunks = Math.max(1, Math.min(policy.chunks, units.length || 1));
  const per = Math.ceil(units.length / chunks);
  const parts = Array.from({ length: chunks }, (_, i) => units.slice(i * per, (i + 1) * per)).filter((u) => u.length > 0);
  const capped = { ...ctx, config: { ...ctx.config, summarize: { ...ctx.config.summarize, max_summary_tokens: Math.max(1, Math.floor(ctx.config.summarize.max_summary_tokens / parts.length)) } } };
  const summaries = parts.map((part) => summarizeUnits(capped, part, `plugin:${compactor.name}`));
  const text = summaries.length <= 1 ? (summaries[0]?.text ?? '') : summaries.map((s, i) => `### Chunk ${i + 1} of ${summaries.length}\n${s.text}`).join('\n\n');
  const input = summaries.reduce((n, s) => n + s.input_tokens, 0);
  const output = summaries.reduce((n, s) => n + s.output_tokens, 0);
  const cost = policy.summarizer ? modelCost(policy.summarizer, freshCall(input, output)) : (compactor.cost ?? null);
  return { units, draft: { text, key_facts: [...new Set(summaries.flatMap((s) => s.key_facts))], cost, model: policy.summarizer?.model ?? null } };
}

/** The plugin's own policy: like summarize (or its keep-recent policy), authored as 'plugin:<name>', and it sees the injections. */
function compactOk(ctx: StrategyContext, compactor: SimulatedCompactor): CompactorResult {
  let units: Unit[];
  let draft: SummaryDraft;
  if (compactor.policy) {
    ({ units, draft } = policySummary(ctx, compactor, compactor.policy));
  } else {
    units = selectSummaryWindow(ctx).units;
    const summary = summarizeUnits(ctx, units, `plugin:${compactor.name}`);
    draft = { text: summary.text, key_facts: summary.key_facts, cost: compactor.cost ?? null, model: null };
  }
  const plan = buildPlan(ctx, units, draft);
  const result: CompactorResult = { messages: plan.messages, superseded: plan.superseded_ids };
  if (plan.summary !== null) result.summary = plan.summary;
  return result;
}

/** Keeps the call of a superseded tool exchange but not its results (or drops a kept exchange's result). */
function splitPair(ctx: StrategyContext, result: CompactorResult): CompactorResult {
  const gone = new Set(result.superseded);
  const exchanges = groupUnits(ctx.messages).filter((u) => u.kind === 'tool_exchange' && u.messages.length > 1);
  const droppedExchange = exchanges.find((u) => gone.has(u.key));
  if (droppedExchange) {
    const call = droppedExchange.messages[0] as Message;
    const at = ctx.messages.indexOf(call);
    const after = ctx.messages.slice(at + 1).find((m) => result.messages.includes(m));
    const messages = [...result.messages];
    messages.splice(after ? messages.indexOf(after) : messages.length, 0, call);
    return { ...result, messages, superseded: result.superseded.filter((id) => id !== call.id) };
  }
  const keptExchange = exchanges.find((u) => !u.pinned && !gone.has(u.key));
  const victim = keptExchange?.messages[1];
  if (!victim) return result;
  return { ...result, messages: result.messages.filter((m) => m !== victim), superseded: [...result.superseded, victim.id] };
}

/** Leaves out the first always-keep message that is not a system prompt (normally the operator's task). */
function dropAlwaysKeep(ctx: StrategyContext, result: CompactorResult): CompactorResult {
  const victim =
    result.messages.find((m) => m.pin !== null && m.pin.reason !== 'system_prompt') ??
    result.messages.find((m) => ctx.isAlwaysKeep(m));
  if (!victim) return result;
  return { ...result, messages: result.messages.filter((m) => m !== victim), superseded: [...result.superseded, victim.id] };
}

export function callSimulatedCompactor(ctx: StrategyContext, compactor: SimulatedCompactor): CompactorCall {
  switch (compactor.mode) {
    case 'throw':
      return { kind: 'threw', message: `${compactor.name}: simulated exception in pre_compact` };
    case 'timeout':
      return { kind: 'timeout' };
    case 'ok':
      if (compactor.policy?.refuse) return { kind: 'threw', message: `${compactor.name}: ${compactor.policy.refuse}` };
      return { kind: 'returned', result: compactOk(ctx, compactor) };
    case 'invalid_split_pair':
      return { kind: 'returned', result: splitPair(ctx, compactOk(ctx, compactor)) };
    case 'invalid_dropped_always_keep':
      return { kind: 'returned', result: dropAlwaysKeep(ctx, compactOk(ctx, compactor)) };
  }
}
