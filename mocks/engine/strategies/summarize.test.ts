import { describe, expect, it } from 'vitest';
import type { CompactedOutcome, CompactionOutcome } from '../engine-types';
import { estimateMessageTokens, estimateTextTokens } from '../estimate';
import { runCompaction } from '../pipeline';
import { input, parallelSession, SUMMARIZER } from '../test-support/build';
import { compactedProblems } from '../test-support/invariants';
import { loadOpenAiChat } from '../test-support/load-transcripts';

const TARGET = 19_200;
const HEADINGS = ['## Goal', '## Constraints & Preferences', '## Progress', '## Key Decisions', '## Next Steps', '## Critical Context'];

function compacted(out: CompactionOutcome): CompactedOutcome {
  if (out.kind !== 'compacted') throw new Error(`expected compacted, got ${out.kind}`);
  return out;
}

describe('summarize', () => {
  const { messages } = loadOpenAiChat('django__django-11910.traj.json');
  const out = compacted(runCompaction(input(messages, { strategy: 'summarize' })));
  const summary = out.summary_message!;

  it('satisfies the invariants and reaches the lower target', () => {
    expect(compactedProblems(messages, out, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
    expect(out.record.fallback_chain).toEqual([{ strategy: 'summarize', outcome: 'ok', reason: null }]);
  });

  it('creates a system summary message where the window was', () => {
    expect(summary).toMatchObject({
      id: 'msg_summary_1',
      role: 'system',
      session_id: messages[0]?.session_id,
      agent_path: 'primary',
      created_at: '2026-06-07T10:00:00.000Z',
      superseded: false,
      pin: null,
      metadata: { kind: 'compaction_summary', compaction_id: 'cmp_1', always_keep: false },
    });
    // [system, task, summary, recent…]
    expect(out.messages.slice(0, 3).map((m) => m.id)).toEqual(['m0', 'm1', 'msg_summary_1']);
    expect(summary.index).toBe(messages.find((m) => m.id === out.superseded_ids[0])?.index);
    expect(summary.metadata.token_estimate).toBe(estimateMessageTokens(summary));
    expect(out.record.summary_message_id).toBe(summary.id);
    expect(out.record.summary).toBe(summary.content);
    // One figure for the summary on every screen: its size in the context (the diff's, the next estimate's).
    expect(out.record.summary_tokens).toBe(summary.metadata.token_estimate);
  });

  it('writes a labelled summary with the default prompt headings from the real window', () => {
    expect(summary.content.startsWith('[simulated summary]')).toBe(true);
    for (const h of HEADINGS) expect(summary.content).toContain(h);
    expect(summary.content).toContain(messages[1]?.content.replace(/\s+/g, ' ').trim().slice(0, 80));
    expect(summary.content).toMatch(/Tool calls: \d+ \(bash ×\d+\)/);
    expect(out.record.key_facts.length).toBeGreaterThan(0);
    for (const f of out.record.key_facts) expect(summary.content).toContain(f);
  });

  it('prices the call from the window and the summary', () => {
    const windowTokens = messages.filter((m) => out.superseded_ids.includes(m.id)).reduce((n, m) => n + estimateMessageTokens(m), 0);
    const outputTokens = estimateTextTokens(summary.content);
    expect(out.record.plugin_cost).toMatchObject({
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
      input_tokens: windowTokens,
      output_tokens: outputTokens,
      cost_usd: expect.closeTo(windowTokens * SUMMARIZER.prices.input + outputTokens * SUMMARIZER.prices.output, 8),
    });
    expect(out.record.cost_usd).toBe(out.record.plugin_cost?.cost_usd);
    expect(summary.metadata.compactor_cost).toEqual(out.record.plugin_cost);
    expect(out.record.summarizer_model).toBe('anthropic:claude-haiku-4-5');
  });

  it('never touches the preserve_recent most recent messages', () => {
    const recent = messages.slice(-10).map((m) => m.id);
    for (const id of recent) expect(out.superseded_ids).not.toContain(id);
    const more = compacted(runCompaction(input(messages, { strategy: 'summarize', summarize: { preserve_recent: 40 } })));
    for (const m of messages.slice(-40)) expect(more.superseded_ids).not.toContain(m.id);
    expect(compactedProblems(messages, more, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
  });

  it('summarizes at least window_messages messages when compaction is needed', () => {
    // barely above the target: a couple of units would do, but the window is at least 20 messages
    const small = parallelSession(16);
    const res = compacted(runCompaction(input(small, { strategy: 'summarize', summarize: { window_messages: 20 } })));
    expect(res.superseded_ids.length).toBeGreaterThanOrEqual(20);
    const wide = compacted(runCompaction(input(small, { strategy: 'summarize', summarize: { window_messages: 40 } })));
    expect(wide.superseded_ids.length).toBeGreaterThanOrEqual(40);
    expect(wide.superseded_ids.length).toBeGreaterThan(res.superseded_ids.length);
  });

  it('caps the summary at max_summary_tokens', () => {
    const res = compacted(runCompaction(input(messages, { strategy: 'summarize', summarize: { max_summary_tokens: 100 } })));
    expect(res.record.summary_tokens).toBeLessThanOrEqual(100);
    expect(res.record.plugin_cost?.output_tokens).toBeLessThanOrEqual(100);
  });

  it('appends pre_compact injections to the summary', () => {
    const res = compacted(
      runCompaction(input(messages, { strategy: 'summarize' }, { observers: [{ name: 'memory-md', durationMs: 3, result: 'inject' }] })),
    );
    expect(res.summary_message?.content).toMatch(/## Injected by plugins\n- \[memory-md\] Memory recalled by memory-md/);
    expect(compactedProblems(messages, res, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
  });

  it('falls back to drop when the summarizer fails, and says so', () => {
    const base = input(messages, { strategy: 'summarize' });
    const res = compacted(runCompaction({ ...base, summarizer: { ...base.summarizer, fail: true } }));
    expect(res.record.fallback_occurred).toBe(true);
    expect(res.record.fallback_reason).toMatch(/summarizer anthropic:claude-haiku-4-5 failed/);
    expect(res.record.fallback_chain.map((s) => [s.strategy, s.outcome])).toEqual([
      ['summarize', 'error'],
      ['drop', 'ok'],
    ]);
    expect(res.summary_message).toBeNull();
    expect(res.record.cost_usd).toBe(0);
    expect(res.audit.map((a) => a.type)).toEqual(['compaction.triggered', 'compaction.failed', 'compaction.completed']);
    expect(res.audit[1]?.data).toMatchObject({ attempted_strategy: 'summarize', fallback_strategy: 'drop' });
    expect(compactedProblems(messages, res, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
  });

  it('falls back to drop when preserve_recent leaves the target out of reach', () => {
    const res = compacted(runCompaction(input(messages, { strategy: 'summarize', summarize: { preserve_recent: 200 } })));
    expect(res.record.fallback_chain[0]).toMatchObject({ strategy: 'summarize', outcome: 'invalid' });
    expect(res.record.fallback_chain[0]?.reason).toMatch(/preserving the 200 most recent messages/);
    expect(res.record.fallback_chain[1]).toEqual({ strategy: 'drop', outcome: 'ok', reason: null });
    expect(compactedProblems(messages, res, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
  });
});
