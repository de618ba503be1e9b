// Shared by summarize and the simulated compactor: choosing the window of oldest units to
// summarize, and summarizing it.

import { firstOperatorMessageId } from '../pins';
import { simulateSummary, type SimulatedSummary } from '../summarizer';
import type { Unit } from '../units';
import type { StrategyContext } from './context';
import { summaryReserve } from './plan';
import { candidateUnits, extendToMinimumMessages, takeOldestUntil } from './selection';

export interface SummaryWindow {
  candidates: Unit[];
  /** What a summary message may cost at most (max_summary_tokens + injections + overhead). */
  reserve: number;
  /** The lower target is reachable while preserving the preserve_recent most recent messages. */
  reached: boolean;
  /** Oldest units first; at least window_messages messages when compaction is needed and they exist. */
  units: Unit[];
}

export function selectSummaryWindow(ctx: StrategyContext): SummaryWindow {
  const s = ctx.config.summarize;
  const candidates = candidateUnits(ctx, s.preserve_recent);
  const reserve = summaryReserve(s.max_summary_tokens, ctx.injections);
  const selection = takeOldestUntil(candidates, ctx.current, ctx.target, reserve);
  const units = selection.taken.length === 0 ? [] : extendToMinimumMessages(selection.taken, candidates, s.window_messages);
  return { candidates, reserve, reached: selection.reached, units };
}

/** The window's messages in list order, summarized; `author` is provider:model or plugin:<name>. */
export function summarizeUnits(ctx: StrategyContext, units: readonly Unit[], author: string): SimulatedSummary {
  const ids = new Set<string>();
  for (const u of units) for (const m of u.messages) ids.add(m.id);
  const taskId = firstOperatorMessageId(ctx.messages);
  return simulateSummary(
    ctx.messages.filter((m) => ids.has(m.id)),
    {
      author,
      prompt: ctx.config.summarize.prompt,
      maxTokens: ctx.config.summarize.max_summary_tokens,
      task: ctx.messages.find((m) => m.id === taskId) ?? null,
    },
  );
}
