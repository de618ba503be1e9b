// Token estimation (mirrors @kaged/llm's pre-call estimator): a chars/4 heuristic per message
// plus a fixed per-message overhead, and the context window the thresholds are ratios of.

import type { ContextWindowSource, Message, ToolCall } from './types';

/** Used when the model is not in the catalog and the operator set no override (ADR-0024 amendment 2). */
export const FALLBACK_CONTEXT_WINDOW = 128_000;

/** Role / framing tokens every message costs on top of its text. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

export const CHARS_PER_TOKEN = 4;

export interface ResolvedWindow {
  tokens: number;
  source: ContextWindowSource;
}

/** ceil(chars / 4) of a bare string; 0 for the empty string. */
export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

function toolCallChars(calls: readonly ToolCall[]): number {
  let chars = 0;
  for (const call of calls) chars += call.name.length + call.arguments.length;
  return chars;
}

/** ceil(chars / 4) of content + tool call names and arguments, + 4 overhead. */
export function estimateMessageTokens(m: Pick<Message, 'content' | 'tool_calls'>): number {
  const chars = m.content.length + toolCallChars(m.tool_calls);
  return Math.ceil(chars / CHARS_PER_TOKEN) + MESSAGE_OVERHEAD_TOKENS;
}

/**
 * Estimated prompt size of a message list plus the model's reserved-output budget. The
 * estimate is recomputed from content (metadata.token_estimate is a cached display value).
 * Superseded messages are never sent to the model and are not counted.
 */
export function estimateTokens(messages: readonly Message[], reservedOutput: number): number {
  let total = Math.max(0, reservedOutput);
  for (const m of messages) {
    if (!m.superseded) total += estimateMessageTokens(m);
  }
  return total;
}

function usable(n: number | null): n is number {
  return n !== null && Number.isFinite(n) && n > 0;
}

/**
 * The effective context window (ADR-0026): an operator override wins, then the catalog's
 * maxInputTokens, then FALLBACK_CONTEXT_WINDOW. Non-positive or non-finite values count as absent.
 */
export function resolveWindow(maxInputTokens: number | null, override: number | null): ResolvedWindow {
  if (usable(override)) return { tokens: Math.floor(override), source: 'override' };
  if (usable(maxInputTokens)) return { tokens: Math.floor(maxInputTokens), source: 'catalog' };
  return { tokens: FALLBACK_CONTEXT_WINDOW, source: 'fallback' };
}

/** Token limits derived from the config's ratios and the window. */
export interface TokenLimits {
  /** Compaction fires at or above this estimate (upper_threshold × window). */
  upper: number;
  /** Compaction compacts until the estimate is at or below this (lower_threshold × window). */
  target: number;
}

/** Strips binary floating-point noise (0.85 × 32000 is not exactly 27200 in IEEE 754). */
function product(ratio: number, window: number): number {
  return Math.round(ratio * window * 1e6) / 1e6;
}

/** Integer limits: an integer estimate e satisfies e ≥ upper ⇔ e/window ≥ ratio, and e ≤ target ⇔ e/window ≤ ratio. */
export function tokenLimits(window: number, upper: number, lower: number): TokenLimits {
  return { upper: Math.ceil(product(upper, window)), target: Math.floor(product(lower, window)) };
}
