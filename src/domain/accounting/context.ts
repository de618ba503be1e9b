/**
 * The context an agent sends its model, in parts: every token figure of a context (a session's
 * estimate, an event's tokens before and after, a rollback's prediction, the lab's fill) is the
 * sum of these three parts, computed here and nowhere else.
 */

/** Tokens the model may write in its answer, reserved in every estimate (agent.md § Trigger semantics). */
export const RESERVED_OUTPUT_TOKENS = 8_192;

export interface ContextParts {
  /** The active (non-superseded) messages: each at its size in the context. */
  messages_tokens: number;
  /** What the messages do not hold: the system prompt and tool definitions (a transcript reveals them in its first recorded call). */
  base_tokens: number;
  /** Room kept for the model's answer. */
  reserve_tokens: number;
}

export type ContextPart = keyof ContextParts;

/** The parts in the order screens list them, with their names. */
export const CONTEXT_PARTS: readonly { key: ContextPart; label: string }[] = [
  { key: 'messages_tokens', label: 'messages' },
  { key: 'base_tokens', label: 'system prompt and tools' },
  { key: 'reserve_tokens', label: 'output reserve' },
];

/** The parts of a context whose messages hold `messagesTokens` tokens. Negative or fractional inputs are clamped to whole tokens. */
export function contextParts(messagesTokens: number, baseTokens: number, reserveTokens: number = RESERVED_OUTPUT_TOKENS): ContextParts {
  return { messages_tokens: whole(messagesTokens), base_tokens: whole(baseTokens), reserve_tokens: whole(reserveTokens) };
}

/** The context's size: messages + base + reserve. */
export function contextTotal(parts: ContextParts): number {
  return parts.messages_tokens + parts.base_tokens + parts.reserve_tokens;
}

/** What a model call is sent: the messages and the base (the reserve is headroom, never sent). Compare it with a call's recorded input. */
export function sentTokens(parts: ContextParts): number {
  return parts.messages_tokens + parts.base_tokens;
}

/** The same parts with the messages at another size (after a compaction, a rollback, a replayed call). */
export function withMessages(parts: ContextParts, messagesTokens: number): ContextParts {
  return { ...parts, messages_tokens: whole(messagesTokens) };
}

/**
 * How far the estimator may be from a call's recorded input, as a share of it: the tokenizer's
 * count of a message's text (o200k, scaled for Claude) against what the provider counted. Sizes
 * calibrated on recorded usage (an imported transcript's) meet the recorded input of each call
 * they were calibrated on; between calls, and for text alone, this is the stated error.
 */
export const ESTIMATE_RELATIVE_ERROR = 0.15;

/** Whether an estimate of what a call is sent is within the stated error of what the call recorded. */
export function withinEstimateError(estimate: number, recorded: number): boolean {
  return Math.abs(estimate - recorded) <= ESTIMATE_RELATIVE_ERROR * Math.max(1, recorded);
}

function whole(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
}
