import { describe, expect, it } from 'vitest';
import type { CompactedOutcome, CompactionOutcome } from '../engine-types';
import { estimateTokens } from '../estimate';
import { runCompaction } from '../pipeline';
import { groupUnits } from '../units';
import { filler, input, msg, parallelSession } from '../test-support/build';
import { compactedProblems } from '../test-support/invariants';
import { loadOpenAiChat } from '../test-support/load-transcripts';

const TARGET = 19_200;
const pureDrop = { strategy: 'drop' as const, summarize: { enabled: false } };

function compacted(out: CompactionOutcome): CompactedOutcome {
  if (out.kind !== 'compacted') throw new Error(`expected compacted, got ${out.kind}`);
  return out;
}

describe('drop', () => {
  it('supersedes the oldest unpinned units, and no more than needed', () => {
    const { messages } = loadOpenAiChat('django__django-11133.traj.json');
    const out = compacted(runCompaction(input(messages, pureDrop)));
    expect(compactedProblems(messages, out, { reservedOutput: 1_000, target: TARGET })).toEqual([]);

    // oldest first: the superseded ids are a prefix of the unpinned units, whole units only
    const units = groupUnits(messages).filter((u) => u.key !== 'm0' && u.key !== 'm1');
    const ids = units.flatMap((u) => u.messages.map((m) => m.id));
    expect(out.superseded_ids).toEqual(ids.slice(0, out.superseded_ids.length));
    const taken = units.findIndex((u) => u.messages[0]?.id === ids[out.superseded_ids.length]);
    // minimal: restoring the last dropped unit would put the estimate above the target
    const lastDropped = units[taken - 1]!;
    expect(out.record.after_estimate + lastDropped.tokens).toBeGreaterThan(TARGET);
    expect(out.record.after_estimate).toBeLessThanOrEqual(TARGET);
  });

  it('writes no summary and costs nothing', () => {
    const { messages } = loadOpenAiChat('astropy__astropy-12907.traj.json');
    const out = compacted(runCompaction(input(messages, pureDrop)));
    expect(out.summary_message).toBeNull();
    expect(out.record).toMatchObject({
      strategy: 'drop',
      summary: null,
      summary_tokens: null,
      summary_message_id: null,
      key_facts: [],
      plugin_cost: null,
      cost_usd: 0,
      summarizer_model: null,
      fallback_occurred: false,
      fallback_chain: [{ strategy: 'drop', outcome: 'ok', reason: null }],
    });
  });

  it('drops parallel tool exchanges whole', () => {
    const messages = parallelSession(30);
    const out = compacted(runCompaction(input(messages, pureDrop)));
    expect(compactedProblems(messages, out, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
    // every exchange is either fully superseded or fully kept
    const gone = new Set(out.superseded_ids);
    for (const u of groupUnits(messages)) {
      const n = u.messages.filter((m) => gone.has(m.id)).length;
      expect([0, u.messages.length]).toContain(n);
    }
  });

  it('keeps messages matched by an always-keep predicate', () => {
    const messages = parallelSession(30);
    const out = compacted(
      runCompaction(input(messages, { ...pureDrop, always_keep: [{ id: 'turn3', description: 'turn 3 remark', content_regex: '^Done with turn 3\\.' }] })),
    );
    const kept = messages.find((m) => m.content.startsWith('Done with turn 3.'))!;
    expect(out.superseded_ids).not.toContain(kept.id);
    expect(out.messages.find((m) => m.id === kept.id)?.pin).toEqual({ reason: 'predicate', detail: 'turn3' });
    expect(compactedProblems(messages, out, { reservedOutput: 1_000, target: TARGET, keep: [kept.id] })).toEqual([]);
  });

  it('fails without superseding anything when always-keep messages alone exceed the target', () => {
    const messages = parallelSession(30);
    const big = msg(1, 'user', filler(19_000)); // the task, pinned, ~19k tokens
    messages[1] = big;
    const out = runCompaction(input(messages, pureDrop));
    expect(out.kind).toBe('failed');
    if (out.kind !== 'failed') return;
    expect(out.reason).toMatch(/lower target 19200 tokens unreachable/);
    expect(out.messages.map((m) => m.id)).toEqual(messages.map((m) => m.id));
    expect(out.audit.map((a) => a.type)).toEqual(['compaction.triggered', 'compaction.failed']);
    expect(out.audit[1]?.data).toMatchObject({ attempted_strategy: 'drop', fallback_strategy: null });
  });

  it('never supersedes the newest unit, even when it is the only candidate', () => {
    const messages = [msg(0, 'system', 's'), msg(1, 'user', 't'), msg(2, 'assistant', filler(30_000, 'y'))];
    const out = runCompaction(input(messages, pureDrop));
    expect(out.kind).toBe('noop');
  });

  it('injected observer text becomes a small summary message', () => {
    const messages = parallelSession(30);
    const out = compacted(
      runCompaction(input(messages, pureDrop, { observers: [{ name: 'memory-md', durationMs: 5, result: 'inject', injectText: 'User prefers tabs.' }] })),
    );
    expect(out.summary_message?.content).toContain('[memory-md] User prefers tabs.');
    expect(out.summary_message?.metadata.kind).toBe('compaction_summary');
    expect(out.record.summarizer_model).toBeNull();
    expect(out.record.after_estimate).toBe(estimateTokens(out.messages, 1_000));
    expect(out.record.after_estimate).toBeLessThanOrEqual(TARGET);
  });
});

describe('drop: summarize-at-threshold upgrade', () => {
  it('summarizes first when summarize is enabled (the default)', () => {
    const { messages } = loadOpenAiChat('astropy__astropy-12907.traj.json');
    const out = compacted(runCompaction(input(messages, { strategy: 'drop' })));
    expect(out.record.strategy).toBe('drop');
    expect(out.record.fallback_chain).toEqual([{ strategy: 'summarize_upgrade', outcome: 'ok', reason: null }]);
    expect(out.record.fallback_occurred).toBe(false);
    expect(out.summary_message?.content.startsWith('[simulated summary]')).toBe(true);
    expect(out.record.cost_usd).toBeGreaterThan(0);
    expect(compactedProblems(messages, out, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
  });

  it('falls back to pure drop silently when the summarizer fails, recording the step', () => {
    const { messages } = loadOpenAiChat('astropy__astropy-12907.traj.json');
    const base = input(messages, { strategy: 'drop' });
    const out = compacted(runCompaction({ ...base, summarizer: { ...base.summarizer, fail: true } }));
    expect(out.record.fallback_chain).toEqual([
      { strategy: 'summarize_upgrade', outcome: 'error', reason: expect.stringMatching(/summarizer .* failed/) },
      { strategy: 'drop', outcome: 'ok', reason: null },
    ]);
    expect(out.record.fallback_occurred).toBe(false);
    expect(out.summary_message).toBeNull();
    expect(out.record.cost_usd).toBe(0);
    expect(out.audit.map((a) => a.type)).toEqual(['compaction.triggered', 'compaction.completed']);
    // same messages dropped as a pure drop
    const pure = compacted(runCompaction(input(messages, pureDrop)));
    expect(out.superseded_ids).toEqual(pure.superseded_ids);
    expect(compactedProblems(messages, out, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
  });
});
