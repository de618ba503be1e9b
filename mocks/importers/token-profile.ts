// Faithful token sizes for an imported transcript, from its recorded usage.
//
// A transcript does not hold everything its model was sent: the system prompt and tool
// definitions are never in it, and Claude Code also sends text it does not write down (thinking
// kept in the context, <system-reminder> notes, hook output). Where the transcript records usage
// (Claude Code's message.usage, OpenAI's usage.prompt_tokens), each call's input (input + cache
// read + cache creation) is the truth about that call's context. This module:
//
// 1. sizes every message with the tokenizer (estimateMessageTokens, scaled for the model family);
// 2. takes the first recorded call's input minus what its messages hold as the base: the system
//    prompt and tool definitions (never fitted: it is what that call reveals);
// 3. walks the calls in order. Before each call it makes the estimate the simulated daemon would
//    make without that call's usage: the previous call's recorded input plus the tokenizer's size
//    of what came since (before any recorded call: base + tokenizer sizes). That is the estimate
//    whose error is reported. Then it takes the recorded input as the truth: the difference is
//    spread over the messages that came since the previous call, in proportion to their sizes, so
//    that base + the sum of the sizes of the context equals the recorded input at every call.
//
// A recorded compaction (Claude Code's compact boundary) starts a new context: its summary, then
// the messages after it. Without any recorded usage the sizes stay the tokenizer's and the base 0.

import { estimateMessageTokens, MESSAGE_OVERHEAD_TOKENS, tokenScaleFor } from '../engine/estimate';
import { recordedInput } from '../../src/domain/transcripts/recorded-usage';
import type { ImportedTranscript, TokenProfile, TurnTokens } from '../../src/domain/transcripts/types';

/** A context entry: a message index, or -(k + 1) for the summary of compaction k. */
type Entry = number;

export function profileTokens(t: ImportedTranscript): TokenProfile {
  const scale = tokenScaleFor(t.model);
  // A response's recorded output covers what its text does not show (thinking): it is at least that big.
  const sizes = t.messages.map((m) => Math.max(estimateMessageTokens(m, scale), m.usage ? m.usage.output_tokens + MESSAGE_OVERHEAD_TOKENS : 0));
  const summarySizes = t.compactions.map((c) => estimateMessageTokens({ content: c.summary, tool_calls: [] }, scale));
  const rawSizes = [...sizes];
  const rawSummarySizes = [...summarySizes];
  const sizeOf = (e: Entry): number => (e >= 0 ? (sizes[e] ?? 0) : (summarySizes[-e - 1] ?? 0));
  const rawSizeOf = (e: Entry): number => (e >= 0 ? (rawSizes[e] ?? 0) : (rawSummarySizes[-e - 1] ?? 0));
  const setSize = (e: Entry, n: number): void => {
    if (e >= 0) sizes[e] = n;
    else summarySizes[-e - 1] = n;
  };
  const boundaries = new Map(t.compactions.map((c, k) => [c.boundary_index, k]));

  const turns: TurnTokens[] = [];
  let base: number | null = null;
  let context: Entry[] = [];
  /** Position in `context` after which entries are not yet calibrated, and the recorded input there. */
  let anchor: { at: number; recorded: number } | null = null;

  t.messages.forEach((m, i) => {
    const k = boundaries.get(i);
    if (k !== undefined) {
      context = [-k - 1];
      anchor = null;
    }
    if (m.role === 'assistant' && m.usage) {
      const recorded = recordedInput(m.usage);
      const content = context.reduce((n, e) => n + rawSizeOf(e), 0);
      base ??= Math.max(0, recorded - content);
      const since = context.slice(anchor?.at ?? 0);
      const sinceTokens = since.reduce((n, e) => n + sizeOf(e), 0);
      const estimate = anchor ? anchor.recorded + sinceTokens : base + content;
      turns.push({ message_index: i, recorded, estimate, content_estimate: base + content });
      spread(since, (anchor?.recorded ?? base) + sinceTokens, recorded, sizeOf, setSize);
      anchor = { at: context.length, recorded };
    }
    context.push(i);
  });

  return {
    scale,
    base_tokens: base ?? 0,
    base_source: base === null ? 'none' : 'recorded_usage',
    sizes,
    summary_sizes: summarySizes,
    turns,
  };
}

/**
 * Rescales the sizes of `entries` so that the context's total goes from `estimated` to `recorded`.
 * Sizes stay whole numbers with at least the per-message overhead; a context that shrank below what
 * its own messages hold (nothing to take away from) is left as estimated.
 */
function spread(entries: readonly Entry[], estimated: number, recorded: number, sizeOf: (e: Entry) => number, setSize: (e: Entry, n: number) => void): void {
  const total = entries.reduce((n, e) => n + sizeOf(e), 0);
  const wanted = total + (recorded - estimated);
  if (entries.length === 0 || total <= 0 || wanted <= 0 || wanted === total) return;
  let assigned = 0;
  entries.forEach((e, k) => {
    const n = k === entries.length - 1 ? wanted - assigned : Math.round((sizeOf(e) * wanted) / total);
    const size = Math.max(1, n);
    setSize(e, size);
    assigned += size;
  });
}

export interface ErrorFigures {
  /** Calls compared. */
  count: number;
  /** Median of |estimate − recorded| / recorded; 0 with no call. */
  median: number;
  /** 90th percentile of the same (nearest rank). */
  p90: number;
  /** Median of (estimate − recorded) / recorded: below 0 the estimate reads the context too small. */
  bias: number;
}

function nearestRank(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

/** The relative error of estimates against recorded inputs. */
export function errorFigures(pairs: readonly { estimate: number; recorded: number }[]): ErrorFigures {
  const usable = pairs.filter((p) => p.recorded > 0);
  const signed = usable.map((p) => (p.estimate - p.recorded) / p.recorded);
  const abs = signed.map(Math.abs).sort((a, b) => a - b);
  return {
    count: usable.length,
    median: nearestRank(abs, 0.5),
    p90: nearestRank(abs, 0.9),
    bias: nearestRank([...signed].sort((a, b) => a - b), 0.5),
  };
}

/** Adds the token profile of the transcript and of every subagent window (tokenizing each message once). */
export function withTokenProfiles(t: ImportedTranscript): ImportedTranscript {
  t.token_profile = profileTokens(t);
  for (const s of t.subagents) s.token_profile = profileTokens(s);
  return t;
}
