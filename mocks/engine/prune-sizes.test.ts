import { describe, expect, it } from 'vitest';
import { prunedSizes, pruneToolOutputs } from './prune';
import type { Message } from './types';

function tool(id: string, tokens: number): Message {
  return {
    id,
    session_id: 's',
    agent_path: 'primary',
    index: 0,
    role: 'tool',
    content: 'x '.repeat(tokens),
    tool_calls: [],
    tool_call_id: `call_${id}`,
    tool_name: 'bash',
    created_at: '2026-01-01T00:00:00Z',
    superseded: false,
    superseded_by: null,
    pin: null,
    metadata: { token_estimate: tokens + 4, kind: null, always_keep: false, always_keep_source: null, compaction_id: null, compactor_cost: null },
  } as Message;
}

describe('prunedSizes', () => {
  it('lists each pruned output with its size before and after; the savings are the pass’s own', () => {
    const list = [tool('a', 30_000), tool('b', 30_000), tool('c', 30_000)];
    const result = pruneToolOutputs(list, { protect_tokens: 40_000, minimum_savings: 20_000, protected_tools: [] });
    const sizes = prunedSizes(list, result);
    expect(sizes.map((s) => s.message_id)).toEqual(['a', 'b']);
    expect(sizes[0]!.tokens_before).toBe(30_004);
    expect(sizes.reduce((sum, s) => sum + s.tokens_before - s.tokens_after, 0)).toBe(result.tokensSaved);
  });
  it('is empty when nothing is pruned', () => {
    const list = [tool('a', 100)];
    expect(prunedSizes(list, pruneToolOutputs(list, { protect_tokens: 40_000, minimum_savings: 20_000, protected_tools: [] }))).toEqual([]);
  });
});
