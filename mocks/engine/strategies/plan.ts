// A strategy's proposed result: which messages are superseded, the summary message (if
// any) put where the window was, and the resulting active list and estimate.

import { estimateMessageTokens, estimateTextTokens, estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../estimate';
import type { Injection } from '../observers';
import type { Message, PluginCost } from '../types';
import type { Unit } from '../units';
import type { StrategyContext } from './context';

export interface SummaryDraft {
  text: string;
  key_facts: string[];
  cost: PluginCost | null;
  /** provider:model of the summarizer, if a model wrote the text. */
  model: string | null;
}

export interface Plan {
  /** In list order. */
  superseded_ids: string[];
  /** The resulting active list. */
  messages: Message[];
  summary_message: Message | null;
  /** The summary text as recorded (including injections). */
  summary: string | null;
  key_facts: string[];
  cost: PluginCost | null;
  summarizer_model: string | null;
  after_estimate: number;
  /** after_estimate ≤ target */
  reached: boolean;
}

/** The text appended to a summary for pre_compact injections ('' when there are none). */
export function injectionSuffix(injections: readonly Injection[]): string {
  if (injections.length === 0) return '';
  return `\n\n## Injected by plugins\n${injections.map((i) => `- [${i.plugin}] ${i.text}`).join('\n')}`;
}

export function composeSummary(text: string | null, injections: readonly Injection[]): string | null {
  const suffix = injectionSuffix(injections);
  if (text === null) return suffix === '' ? null : suffix.trimStart();
  return text + suffix;
}

/**
 * Tokens a summary message can cost at most: the strategy's own text bound plus the
 * injections plus message overhead (ceil(a+b) ≤ ceil(a)+ceil(b), so this is a true bound).
 * 0 when the strategy writes no text and nothing was injected (no summary message).
 */
export function summaryReserve(textBound: number, injections: readonly Injection[]): number {
  const suffix = estimateTextTokens(injectionSuffix(injections));
  if (textBound === 0 && suffix === 0) return 0;
  return textBound + suffix + MESSAGE_OVERHEAD_TOKENS;
}

export function makeSummaryMessage(ctx: StrategyContext, text: string, at: Message, cost: PluginCost | null): Message {
  return {
    id: ctx.ids.summaryMessageId,
    session_id: ctx.sessionId,
    agent_path: ctx.agentPath,
    // Placed where the window was: it takes the index of the first message it replaces.
    index: at.index,
    role: 'system',
    content: text,
    tool_calls: [],
    tool_call_id: null,
    tool_name: null,
    created_at: ctx.ids.now,
    superseded: false,
    superseded_by: null,
    pin: null,
    metadata: {
      token_estimate: estimateMessageTokens({ content: text, tool_calls: [] }),
      kind: 'compaction_summary',
      always_keep: false,
      always_keep_source: null,
      compaction_id: ctx.ids.compactionId,
      compactor_cost: cost,
    },
  };
}

/** The plan that supersedes `units` and, if there is summary text, puts it where they were. */
export function buildPlan(ctx: StrategyContext, units: readonly Unit[], draft: SummaryDraft | null): Plan {
  const gone = new Set<string>();
  for (const u of units) for (const m of u.messages) gone.add(m.id);
  // One pass: the superseded ids in list order, the rest kept, the summary's place noted.
  const supersededIds: string[] = [];
  const kept: Message[] = [];
  let first: Message | undefined;
  let at = 0;
  for (const m of ctx.messages) {
    if (!gone.has(m.id)) kept.push(m);
    else {
      if (first === undefined) [first, at] = [m, kept.length];
      supersededIds.push(m.id);
    }
  }
  const text = first ? composeSummary(draft?.text ?? null, ctx.injections) : null;
  const cost = first ? (draft?.cost ?? null) : null;
  const summaryMessage = first && text !== null ? makeSummaryMessage(ctx, text, first, cost) : null;
  if (summaryMessage) kept.splice(at, 0, summaryMessage);
  return finishPlan(ctx, {
    superseded_ids: supersededIds,
    messages: kept,
    summary_message: summaryMessage,
    summary: text,
    key_facts: first ? (draft?.key_facts ?? []) : [],
    cost,
    summarizer_model: first ? (draft?.model ?? null) : null,
  });
}

/** Adds the estimate and whether the target is reached. */
export function finishPlan(ctx: StrategyContext, plan: Omit<Plan, 'after_estimate' | 'reached'>): Plan {
  const after = estimateTokens(plan.messages, ctx.reservedOutput + ctx.baseTokens);
  return { ...plan, after_estimate: after, reached: after <= ctx.target };
}
