import { describe, expect, it } from 'vitest';
import type { CompactedOutcome, CompactionOutcome, SimulatedCompactor } from '../engine-types';
import { modelCost } from '../cost';
import { runCompaction } from '../pipeline';
import { input, parallelSession } from '../test-support/build';
import { compactedProblems } from '../test-support/invariants';
import { loadOpenAiChat } from '../test-support/load-transcripts';

const TARGET = 19_200;
const cfg = { strategy: 'delegate' as const, delegate: { plugin: 'hindsight' } };
const compactor = (mode: SimulatedCompactor['mode'], durationMs = 150): SimulatedCompactor => ({ name: 'hindsight', mode, durationMs });

function compacted(out: CompactionOutcome): CompactedOutcome {
  if (out.kind !== 'compacted') throw new Error(`expected compacted, got ${out.kind}`);
  return out;
}

const sessions = [
  ['openai-chat django__django-11133', loadOpenAiChat('django__django-11133.traj.json').messages],
  ['parallel calls', parallelSession(30)],
] as const;

describe.each(sessions)('delegate on %s', (_name, messages) => {
  const run = (c: SimulatedCompactor | null, patch = {}) => compacted(runCompaction(input([...messages], { ...cfg, ...patch }, { compactor: c })));

  it('ok: uses the compactor result', () => {
    const out = run(compactor('ok'));
    expect(compactedProblems(messages, out, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
    expect(out.record.fallback_occurred).toBe(false);
    expect(out.record.fallback_chain).toEqual([{ strategy: 'delegate', outcome: 'ok', reason: null }]);
    expect(out.record.plugins_fired).toContainEqual({ name: 'hindsight', role: 'compactor', hook: 'pre_compact', duration_ms: 150, result_kind: 'compactor_result' });
    expect(out.summary_message?.content).toContain('by plugin:hindsight');
    expect(out.summary_message?.metadata).toMatchObject({ kind: 'compaction_summary', compaction_id: 'cmp_1' });
    expect(out.record.duration_ms).toBeGreaterThanOrEqual(150);
  });

  it('throw: falls back to drop with the error', () => {
    const out = run(compactor('throw'));
    expect(out.record.fallback_occurred).toBe(true);
    expect(out.record.fallback_reason).toMatch(/^compactor threw: hindsight: /);
    expect(out.record.fallback_chain.map((s) => s.outcome)).toEqual(['error', 'ok']);
    expect(out.record.plugins_fired.find((p) => p.role === 'compactor')?.result_kind).toBe('error');
    expect(out.summary_message).toBeNull();
    expect(compactedProblems(messages, out, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
    const failed = out.audit.find((a) => a.type === 'compaction.failed');
    expect(failed?.data).toMatchObject({ attempted_strategy: 'delegate', fallback_strategy: 'drop', reason: out.record.fallback_reason });
    expect(failed?.data.fallback_chain).toEqual(out.record.fallback_chain);
  });

  it('timeout: falls back after delegate.timeout_ms', () => {
    const out = run(compactor('timeout'), { delegate: { plugin: 'hindsight', timeout_ms: 5_000 } });
    expect(out.record.fallback_reason).toBe('compactor timed out after 5000 ms');
    expect(out.record.fallback_chain[0]?.outcome).toBe('timeout');
    expect(out.record.plugins_fired.find((p) => p.role === 'compactor')).toMatchObject({ duration_ms: 5_000, result_kind: 'error' });
    expect(out.record.duration_ms).toBeGreaterThanOrEqual(5_000);
    expect(compactedProblems(messages, out, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
  });

  it('a slow compactor times out whatever its mode', () => {
    const out = run(compactor('ok', 45_000));
    expect(out.record.fallback_reason).toBe('compactor timed out after 30000 ms');
  });

  it('invalid_split_pair: validation catches the split pair', () => {
    const out = run(compactor('invalid_split_pair'));
    expect(out.record.fallback_reason).toMatch(/^compactor_split_tool_pair: /);
    expect(out.record.fallback_chain.map((s) => [s.strategy, s.outcome])).toEqual([
      ['delegate', 'invalid'],
      ['drop', 'ok'],
    ]);
    expect(compactedProblems(messages, out, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
  });

  it('invalid_dropped_always_keep: validation catches the dropped task', () => {
    const out = run(compactor('invalid_dropped_always_keep'));
    expect(out.record.fallback_reason).toMatch(/^compactor_dropped_always_keep: always-keep message m1 \(first_operator_message\)/);
    expect(out.superseded_ids).not.toContain('m1');
    expect(compactedProblems(messages, out, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
  });

  it('no compactor configured or loaded: falls back to drop with the reason', () => {
    const none = run(null, { delegate: { plugin: null } });
    expect(none.record.fallback_chain[0]).toEqual({ strategy: 'delegate', outcome: 'skipped', reason: expect.stringMatching(/no compactor plugin configured/) });
    expect(none.record.fallback_occurred).toBe(true);
    const other = run({ ...compactor('ok'), name: 'someone-else' });
    expect(other.record.fallback_reason).toBe("compactor plugin 'hindsight' is not loaded for this agent");
    expect(compactedProblems(messages, other, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
  });
});

describe('delegate', () => {
  it('counts the compactor model cost when the plugin reports one', () => {
    const cost = modelCost({ model: 'openai:gpt-5-mini', prices: { input: 2.5e-7, cache_read: 2.5e-8, cache_write: null, output: 2e-6 } }, { input: 9_000, cache_read: 0, cache_write: 0, output: 700 });
    const out = compacted(
      runCompaction(input(parallelSession(30), cfg, { compactor: { ...compactor('ok'), cost } })),
    );
    expect(out.record.plugin_cost).toEqual(cost);
    expect(out.record.cost_usd).toBe(0.00365);
    expect(out.record.summarizer_model).toBe('openai:gpt-5-mini');
    expect(out.summary_message?.metadata.compactor_cost).toEqual(cost);
  });
});
