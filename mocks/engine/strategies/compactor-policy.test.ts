import { describe, expect, it } from 'vitest';
import type { CompactedOutcome, CompactionOutcome, CompactorPolicy, SimulatedCompactor } from '../engine-types';
import { estimateTokens } from '../estimate';
import { runCompaction } from '../pipeline';
import { input, SUMMARIZER } from '../test-support/build';
import { compactedProblems } from '../test-support/invariants';
import { loadOpenAiChat } from '../test-support/load-transcripts';
import { groupUnits } from '../units';

const messages = loadOpenAiChat('django__django-11133.traj.json').messages;
const cfg = { strategy: 'delegate' as const, delegate: { plugin: 'chunked-summarizer' }, lower_threshold: 0.3 };
const haiku = SUMMARIZER;
const policy = (p: Partial<CompactorPolicy> = {}): CompactorPolicy => ({ keepRecent: 10, chunks: 1, summarizer: haiku, refuse: null, ...p });
const compactor = (p: Partial<CompactorPolicy> = {}): SimulatedCompactor => ({ name: 'chunked-summarizer', mode: 'ok', durationMs: 200, policy: policy(p) });

function compacted(out: CompactionOutcome): CompactedOutcome {
  if (out.kind !== 'compacted') throw new Error(`expected compacted, got ${out.kind}`);
  return out;
}
const run = (p: Partial<CompactorPolicy> = {}) => compacted(runCompaction(input([...messages], cfg, { compactor: compactor(p) })));

describe('a compactor with a keep-recent policy (on a real transcript)', () => {
  it('keeps its last keepRecent messages and summarizes everything older that may go', () => {
    const out = run({ keepRecent: 10 });
    expect(out.record.fallback_occurred).toBe(false);
    expect(compactedProblems(messages, out, { reservedOutput: 1_000, target: 9_600 })).toEqual([]);
    const gone = new Set(out.superseded_ids);
    expect(messages.slice(-10).some((m) => gone.has(m.id))).toBe(false);
    // Every unit wholly older than the kept tail is superseded unless it is pinned (system prompt, first operator message).
    const pinned = new Set(out.messages.filter((m) => m.pin !== null).map((m) => m.id));
    const tailFrom = messages.length - 10;
    const olderUnits = groupUnits(messages, (m) => pinned.has(m.id)).filter((u) => !u.pinned && u.positions.every((p) => p < tailFrom));
    expect(olderUnits.length).toBeGreaterThan(0);
    expect(olderUnits.filter((u) => u.messages.some((m) => !gone.has(m.id))).map((u) => u.key)).toEqual([]);
  });

  it('more kept messages supersede fewer', () => {
    expect(run({ keepRecent: 4 }).superseded_ids.length).toBeGreaterThan(run({ keepRecent: 30 }).superseded_ids.length);
  });

  it('summarizes in chunks, priced by its summarizer model on its summary message', () => {
    const out = run({ chunks: 3 });
    expect(out.record.summary).toMatch(/### Chunk 1 of 3[\s\S]*### Chunk 2 of 3[\s\S]*### Chunk 3 of 3/);
    expect(out.record.summarizer_model).toBe('anthropic:claude-haiku-4-5');
    expect(out.record.plugin_cost?.cost_usd).toBeGreaterThan(0);
    expect(out.summary_message?.metadata.compactor_cost).toEqual(out.record.plugin_cost);
  });

  it('a refusing plugin falls back to drop with its reason', () => {
    const out = run({ refuse: 'maximum of 5 checkpoints per session reached (5 written)' });
    expect(out.record.fallback_occurred).toBe(true);
    expect(out.record.fallback_reason).toBe('compactor threw: chunked-summarizer: maximum of 5 checkpoints per session reached (5 written)');
  });
});

describe("a delegate plugin's own trigger", () => {
  const estimate = estimateTokens(messages, 1_000);
  const proactive = (triggerTokens: number | null) =>
    runCompaction(input([...messages], cfg, { compactor: compactor(), trigger: 'threshold_crossed', window: { tokens: 10 * estimate, source: 'override' }, triggerTokens })).kind;

  it('replaces the upper threshold: below it nothing fires, at or above it compaction runs', () => {
    expect(proactive(null)).toBe('not_triggered');
    expect(proactive(estimate + 1)).toBe('not_triggered');
    expect(proactive(estimate)).toBe('compacted');
  });
});
