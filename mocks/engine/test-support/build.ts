// Test helper: synthetic messages and inputs.

import { resolveCompactionConfig, type CompactionConfigPatch } from '../defaults';
import type { CompactionInput, SummarizerSpec } from '../engine-types';
import { estimateMessageTokens, estimateTextTokens } from '../estimate';
import type { Message, Role, ToolCall } from '../types';

export function msg(i: number, role: Role, content: string, extra: Partial<Message> = {}): Message {
  const calls = extra.tool_calls ?? [];
  return {
    id: `m${i}`,
    session_id: 'ses_test',
    agent_path: 'primary',
    index: i,
    role,
    content,
    tool_calls: calls,
    tool_call_id: null,
    tool_name: null,
    created_at: new Date(Date.UTC(2026, 5, 1) + i * 1000).toISOString(),
    superseded: false,
    superseded_by: null,
    pin: null,
    ...extra,
    metadata: {
      token_estimate: estimateMessageTokens({ content, tool_calls: calls }),
      kind: null,
      always_keep: false,
      always_keep_source: null,
      compaction_id: null,
      compactor_cost: null,
      ...extra.metadata,
    },
  };
}

export function call(id: string, name = 'bash', args = '{"command":"ls src/lib"}'): ToolCall {
  return { id, name, arguments: args };
}

export function result(i: number, callId: string, content: string, toolName = 'bash'): Message {
  return msg(i, 'tool', content, { tool_call_id: callId, tool_name: toolName });
}

/** Filler text of exactly `tokens` tokens by the tokenizer (at least the seed's own), starting with `seed`. */
export function filler(tokens: number, seed = 'x'): string {
  const head = `${seed}:`;
  // " x" is one o200k token; the head's count is measured, never assumed.
  let text = head + ' x'.repeat(Math.max(0, tokens - estimateTextTokens(head)));
  while (estimateTextTokens(text) > tokens && text.endsWith(' x')) text = text.slice(0, -2);
  return text;
}

/**
 * system, task, then `turns` turns; turn t = assistant with 3 parallel calls followed by
 * their results in shuffled order (c, a, b), then an assistant remark. Ends with a user message.
 */
export function parallelSession(turns: number, resultTokens = 400): Message[] {
  const out: Message[] = [msg(0, 'system', 'You are a coding agent.'), msg(1, 'user', 'Fix the parser in src/parse/index.ts. You must not break the API.')];
  for (let t = 0; t < turns; t++) {
    const ids = [`t${t}a`, `t${t}b`, `t${t}c`];
    out.push(
      msg(out.length, 'assistant', `Turn ${t}: reading three files.`, {
        tool_calls: [call(ids[0] ?? '', 'bash', `{"command":"cat src/mod${t}/a.ts"}`), call(ids[1] ?? '', 'read'), call(ids[2] ?? '', 'grep')],
      }),
    );
    out.push(result(out.length, ids[2] ?? '', filler(resultTokens, `c${t}`), 'grep'));
    out.push(result(out.length, ids[0] ?? '', filler(resultTokens, `a${t}`), 'bash'));
    out.push(result(out.length, ids[1] ?? '', filler(resultTokens, `b${t}`), 'read'));
    out.push(msg(out.length, 'assistant', `Done with turn ${t}. The bug is in src/mod${t}/a.ts.`));
  }
  out.push(msg(out.length, 'user', 'Please continue.'));
  return out;
}

export const SUMMARIZER: SummarizerSpec = { model: 'anthropic:claude-haiku-4-5', prices: { input: 1e-6, cache_read: 1e-7, cache_write: 1.25e-6, output: 5e-6 } };

export function input(messages: Message[], patch: CompactionConfigPatch = {}, over: Partial<CompactionInput> = {}): CompactionInput {
  return {
    messages,
    config: resolveCompactionConfig(patch),
    window: { tokens: 32_000, source: 'override' },
    reservedOutput: 1_000,
    trigger: 'operator_manual',
    dryRun: false,
    ids: { compactionId: 'cmp_1', runId: 'run_1', summaryMessageId: 'msg_summary_1', now: '2026-06-07T10:00:00.000Z' },
    observers: [],
    compactor: null,
    summarizer: SUMMARIZER,
    ...over,
  };
}

/** Deep-freezes a value so any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
