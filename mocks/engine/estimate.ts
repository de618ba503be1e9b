// Token estimation (mirrors @kaged/llm's pre-call estimator): a real BPE tokenizer (OpenAI's
// o200k_base, via gpt-tokenizer) counts each message's text once, scaled for the model's own
// tokenizer family, plus a fixed per-message overhead. Windows and thresholds are the accounting
// module's (src/domain/accounting).
//
// A message's size in the context is its metadata.token_estimate: the daemon sets it when the
// message is stored (from its text, or from the usage a transcript recorded, which also covers
// what the text does not show: thinking, hook output). Pruning and summaries set it for the text
// they write. The estimate of a list is the sum of those sizes plus the fixed tokens (the system
// prompt and tool definitions a transcript does not contain, and the reserved output).

import { countTokens as o200kCount } from 'gpt-tokenizer/encoding/o200k_base';
import type { Message, ToolCall } from './types';

/** Role / framing tokens every message costs on top of its text. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** Framing of one tool call (its id, type and the name's wrapper) on top of its name and arguments. */
export const TOOL_CALL_OVERHEAD_TOKENS = 8;

/**
 * Claude's tokenizer is not public: Claude counts are o200k counts times this one global factor,
 * calibrated once on the Claude Code fixtures' recorded usage (see README, "Token counts"). Never
 * per file. OpenAI-family models (and every other provider) use o200k as it is.
 */
export const ANTHROPIC_TOKEN_SCALE = 1.22;

/** Distinct texts whose counts are remembered; past this the cache starts over (bounded memory). */
const CACHE_LIMIT = 200_000;
const cache = new Map<string, number>();
/** Transcripts are untrusted text: "<|endoftext|>" in a message is counted as text, never refused. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * A run the tokenizer would merge as one piece (letters, symbols or spaces). BPE merging is
 * quadratic in a piece's length, so a 100 kB base64 blob or "xxxx…" would freeze the count: such
 * runs are counted in slices of this many characters (at most one token more per slice).
 */
const LONG_PIECE = 1024;
const LONG_RUN = /[\p{L}\p{M}]{1024,}|[^\s\p{L}\p{N}]{1024,}|\s{1024,}/gu;
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 160 || code === 0x2028 || code === 0x2029 || code === 0xfeff;
}

/** Cheap linear pre-check: only a text with LONG_PIECE characters in a row that are all spaces or all non-spaces can hold a long piece. */
function mayHoldLongPiece(text: string): boolean {
  let run = 0;
  let spaces = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i));
    run = space === spaces ? run + 1 : 1;
    spaces = space;
    if (run >= LONG_PIECE) return true;
  }
  return false;
}

function countUncached(text: string): number {
  if (text.length < LONG_PIECE || !mayHoldLongPiece(text)) return o200kCount(text, AS_TEXT);
  let n = 0;
  let from = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    n += o200kCount(text.slice(from, run.index), AS_TEXT);
    for (let i = 0; i < run[0].length; i += LONG_PIECE) n += o200kCount(run[0].slice(i, i + LONG_PIECE), AS_TEXT);
    from = run.index + run[0].length;
  }
  return n + (from === 0 ? o200kCount(text, AS_TEXT) : o200kCount(text.slice(from), AS_TEXT));
}

/** The o200k token count of a text, remembered per distinct string (tokenizing megabytes twice is too slow). */
export function countTokens(text: string): number {
  if (text === '') return 0;
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const n = countUncached(text);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, n);
  return n;
}

/**
 * Remembers a count computed another way (the synthetic traffic generator adds up the counts of
 * the pieces it joins, which the tokenizer splits at the same places; synthetic.test.ts checks it
 * against the tokenizer), so seeding need not tokenize megabytes of generated text.
 */
export function primeTokenCount(text: string, tokens: number): void {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, tokens);
}

/** Forgets every remembered count (the benchmark measures cold imports with it). */
export function resetTokenCountCache(): void {
  cache.clear();
}

/** The scale of a provider:model (or bare model) id's tokenizer family relative to o200k. */
export function tokenScaleFor(model: string): number {
  const m = model.toLowerCase();
  return m.startsWith('anthropic:') || m.startsWith('anthropic/') || /(^|[:/])claude/.test(m) ? ANTHROPIC_TOKEN_SCALE : 1;
}

/** Tokens of a bare string (the tokenizer's count); 0 for the empty string. */
export function estimateTextTokens(text: string): number {
  return countTokens(text);
}

function toolCallTokens(calls: readonly ToolCall[]): number {
  let n = 0;
  for (const call of calls) n += countTokens(call.name) + countTokens(call.arguments) + TOOL_CALL_OVERHEAD_TOKENS;
  return n;
}

/**
 * A message's tokens from its text: the content, tool call names and arguments (with their
 * framing), times the tokenizer family's `scale`, plus the per-message overhead.
 */
export function estimateMessageTokens(m: Pick<Message, 'content' | 'tool_calls'>, scale = 1): number {
  return Math.ceil((countTokens(m.content) + toolCallTokens(m.tool_calls)) * scale) + MESSAGE_OVERHEAD_TOKENS;
}

/** A stored message's size in the context: its metadata.token_estimate (see the header). */
export function messageTokens(m: Pick<Message, 'metadata'>): number {
  return m.metadata.token_estimate;
}

/**
 * Estimated prompt size of a message list plus `fixedTokens` (the reserved-output budget and
 * whatever the list does not hold, such as tool definitions). Superseded messages are never sent
 * to the model and are not counted.
 */
export function estimateTokens(messages: readonly Message[], fixedTokens: number): number {
  let total = Math.max(0, fixedTokens);
  for (const m of messages) {
    if (!m.superseded) total += messageTokens(m);
  }
  return total;
}
