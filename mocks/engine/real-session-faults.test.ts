// Engine faults seen on real sessions (issue 8), each checked on a real fixture transcript.

import { describe, expect, it } from 'vitest';
import { runCompaction } from './pipeline';
import { pruneToolOutputs } from './prune';
import { input } from './test-support/build';
import { allTranscriptWindows, loadOpenAiChat } from './test-support/load-transcripts';

const TIGHT_PRUNE = { protect_tokens: 2_000, minimum_savings: 0 };

describe('always-keep predicates see the original messages, and always-keep is never a candidate', () => {
  const { messages } = loadOpenAiChat('django__django-11910.traj.json');
  // A phrase that appears only deep inside an early, large tool result: pruning would replace that text.
  const target = messages.find((m, i) => i > 2 && i < messages.length / 3 && m.role === 'tool' && m.content.length > 2_000);
  if (!target) throw new Error('fixture has no large early tool result');
  const phrase = target.content.slice(target.content.length - 40, target.content.length - 10);
  const predicate = { id: 'keep-that-output', description: 'the output a later turn needs', content_regex: phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') };

  it('the output would be pruned without the predicate (so the test can fail)', () => {
    const outcome = runCompaction({ ...input(messages, { strategy: 'drop', summarize: { enabled: false }, prune: TIGHT_PRUNE, lower_threshold: 0.3 }, { window: { tokens: 128_000, source: 'catalog' } }), dryRun: true });
    if (outcome.kind !== 'compacted') throw new Error(outcome.kind);
    expect(outcome.record.prune?.pruned_count).toBeGreaterThan(0);
    expect(outcome.record.superseded_message_ids).toContain(target.id);
  });

  it('with the predicate it is pinned on its original text, neither pruned nor superseded', () => {
    const outcome = runCompaction({
      ...input(messages, { strategy: 'drop', summarize: { enabled: false }, prune: TIGHT_PRUNE, lower_threshold: 0.3, always_keep: [predicate] }, { window: { tokens: 128_000, source: 'catalog' } }),
      dryRun: true,
    });
    if (outcome.kind !== 'compacted') throw new Error(outcome.kind);
    expect(outcome.record.superseded_message_ids).not.toContain(target.id);
    const kept = outcome.messages.find((m) => m.id === target.id);
    expect(kept?.pin).toEqual({ reason: 'predicate', detail: 'keep-that-output' });
    expect(kept?.content).toBe(target.content);
    // The pruning pre-pass did run on the other old outputs.
    expect(outcome.record.prune?.pruned_count).toBeGreaterThan(0);
  });

  it('pruneToolOutputs leaves messages it is told to keep, and does not count them', () => {
    const keep = (m: { id: string }) => m.id === target.id;
    const out = pruneToolOutputs(messages, { ...TIGHT_PRUNE, protected_tools: [] }, keep);
    expect(out.messages.find((m) => m.id === target.id)?.content).toBe(target.content);
    expect(out.prunedCount).toBeGreaterThan(0);
  });
});

describe('protected tool names match the harness whatever their case', () => {
  const claude = allTranscriptWindows().find((w) => w.name === '4d5611e5-241a-462a-8d15-5122611a9569.jsonl');
  if (!claude) throw new Error('Claude Code fixture missing');
  const reads = claude.messages.filter((m) => m.role === 'tool' && m.tool_name === 'Read');

  it('Claude Code names the tool "Read": the default ["read", "skill"] protects it', () => {
    expect(reads.length).toBeGreaterThan(5);
    const out = pruneToolOutputs(claude.messages, { protect_tokens: 1_000, minimum_savings: 0, protected_tools: ['read', 'skill'] });
    expect(out.prunedCount).toBeGreaterThan(0);
    for (const r of reads) expect(out.messages.find((m) => m.id === r.id)?.content).toBe(r.content);
  });

  it('and a config written as "READ" protects a "read" tool too', () => {
    const out = pruneToolOutputs(claude.messages, { protect_tokens: 1_000, minimum_savings: 0, protected_tools: ['READ'] });
    for (const r of reads) expect(out.messages.find((m) => m.id === r.id)?.content).toBe(r.content);
  });
});
