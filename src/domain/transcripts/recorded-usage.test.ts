import { describe, expect, it } from 'vitest';
import { fillPostTokens, lastRecordedInputBefore, recordedInput } from './recorded-usage';
import type { ImportedCompaction, ImportedMessage, ImportedUsage } from './types';

const usage = (input: number, cacheRead = 0, cacheWrite = 0): ImportedUsage => ({ input_tokens: input, output_tokens: 7, cache_read_input_tokens: cacheRead, cache_creation_input_tokens: cacheWrite });
const msg = (u: ImportedUsage | null = null): ImportedMessage => ({ role: u ? 'assistant' : 'user', content: 'x', tool_calls: [], tool_call_id: null, tool_name: null, created_at: '2026-01-01T00:00:00.000Z', is_error: false, usage: u, external_id: null });
const compaction = (boundary_index: number): ImportedCompaction => ({ boundary_index, trigger: 'auto', pre_tokens: 0, pre_tokens_source: 'none', post_tokens: -1, summary: 's', summary_status: 'recorded', created_at: '2026-01-01T00:00:00.000Z', summarizer: null });

describe('recorded usage', () => {
  it('a call context is its input, cache reads and cache writes', () => {
    expect(recordedInput(usage(10, 200, 30))).toBe(240);
  });

  it('the last recorded call before a point, null when none', () => {
    const messages = [msg(), msg(usage(100)), msg(), msg(usage(50, 70)), msg()];
    expect(lastRecordedInputBefore(messages, 0)).toBeNull();
    expect(lastRecordedInputBefore(messages, 2)).toBe(100);
    expect(lastRecordedInputBefore(messages, 3)).toBe(100);
    expect(lastRecordedInputBefore(messages, 4)).toBe(120);
    expect(lastRecordedInputBefore(messages, 99)).toBe(120);
  });

  it('tokens after a compaction: the first recorded call at or after its boundary, never one past the next compaction', () => {
    const messages = [msg(usage(900)), msg(), msg(), msg(usage(300)), msg(), msg(usage(200))];
    const cs = [compaction(1), compaction(4), compaction(6)];
    fillPostTokens(messages, cs);
    expect(cs.map((c) => c.post_tokens)).toEqual([300, 200, null]);
  });
});
