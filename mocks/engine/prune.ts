// Tool output pruning pre-pass (ADR-0024 amendment 1, agent.md § Tool output pruning).
// Not compaction: nothing is superseded, no record, no hooks. Older large tool results are
// replaced by a short notice in the list handed to the compaction pipeline.

import { estimateMessageTokens, estimateTextTokens, MESSAGE_OVERHEAD_TOKENS, messageTokens, primeTokenCount } from './estimate';
import type { Message, PruneConfig } from './types';

export interface PruneResult {
  /** The list with pruned contents replaced (new objects for those); input is never mutated. */
  messages: Message[];
  prunedCount: number;
  tokensSaved: number;
}

export function prunedNotice(tokens: number): string {
  return `[Pruned — ${tokens} tokens]`;
}

/** The notice's tokens besides its number: the notice of size 0 less that number's one token. */
let noticeFrame: number | null = null;

/**
 * estimateTextTokens(prunedNotice(tokens)) without the tokenizer: it cuts a number into pieces of
 * at most three digits, each one o200k token, and the rest of the notice is the same text whatever
 * the size (prune.test.ts checks it against the tokenizer). A dry run of a long history asks for
 * thousands of sizes, each tokenized on a process's first dry run when they were remembered per size.
 */
export function prunedNoticeTokens(tokens: number): number {
  noticeFrame ??= estimateTextTokens(prunedNotice(0)) - 1;
  return noticeFrame + Math.ceil(String(tokens).length / 3);
}

/**
 * Walks tool results newest → oldest, accumulating their output tokens (protected tools are
 * skipped, neither counted nor pruned). Once the running total exceeds protect_tokens, that
 * result and every older one is a candidate: it is replaced by `[Pruned — N tokens]` unless
 * the notice is as large as the original. Pruning is applied only when the total savings
 * exceed minimum_savings; otherwise the list is returned unchanged. An always-keep message
 * (`keep`, e.g. pinned) is never a candidate: it is neither counted nor pruned.
 */
export function pruneToolOutputs(messages: readonly Message[], config: PruneConfig, keep: (m: Message) => boolean = () => false): PruneResult {
  // Harnesses name their tools in their own case (Claude Code: Read, Skill): match whatever the case.
  const protectedTools = new Set(config.protected_tools.map((t) => t.toLowerCase()));
  const replacements = new Map<number, string>();
  let seen = 0;
  let saved = 0;

  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (!m || m.role !== 'tool' || m.superseded || keep(m)) continue;
    if (m.tool_name !== null && protectedTools.has(m.tool_name.toLowerCase())) continue;
    // The output's size as stored (recorded usage may have calibrated it beyond what its text shows).
    const tokens = Math.max(0, messageTokens(m) - MESSAGE_OVERHEAD_TOKENS);
    seen += tokens;
    if (seen <= config.protect_tokens) continue;
    const noticeTokens = prunedNoticeTokens(tokens);
    if (noticeTokens >= tokens) continue;
    const notice = prunedNotice(tokens);
    // Its message's estimate below counts the notice again: from this count, not the tokenizer.
    primeTokenCount(notice, noticeTokens);
    replacements.set(i, notice);
    saved += tokens - noticeTokens;
  }

  if (replacements.size === 0 || saved <= config.minimum_savings) {
    return { messages: [...messages], prunedCount: 0, tokensSaved: 0 };
  }

  const out = messages.map((m, i) => {
    const notice = replacements.get(i);
    if (notice === undefined) return m;
    const content = notice;
    return {
      ...m,
      content,
      metadata: { ...m.metadata, token_estimate: estimateMessageTokens({ content, tool_calls: m.tool_calls }) },
    };
  });
  return { messages: out, prunedCount: replacements.size, tokensSaved: saved };
}

/** What a pruning pass shortened: each pruned message with its estimated size before and after. */
export function prunedSizes(original: readonly Message[], result: PruneResult): { message_id: string; tokens_before: number; tokens_after: number }[] {
  if (result.prunedCount === 0) return [];
  const out: { message_id: string; tokens_before: number; tokens_after: number }[] = [];
  result.messages.forEach((m, i) => {
    const before = original[i];
    if (before !== undefined && m !== before) out.push({ message_id: m.id, tokens_before: messageTokens(before), tokens_after: messageTokens(m) });
  });
  return out;
}
