import { describe, expect, it } from 'vitest';
import type { CompactedOutcome, CompactionOutcome, ObserverPlugin } from './engine-types';
import { estimateTokens } from './estimate';
import { NOOP_REASON, runCompaction, shouldTrigger } from './pipeline';
import { deepFreeze, filler, input, msg, parallelSession } from './test-support/build';
import { compactedProblems } from './test-support/invariants';
import { loadOpenAiChat } from './test-support/load-transcripts';
import type { Message } from './types';

const TARGET = 19_200;

function compacted(out: CompactionOutcome): CompactedOutcome {
  if (out.kind !== 'compacted') throw new Error(`expected compacted, got ${out.kind}`);
  return out;
}

describe('trigger', () => {
  it('fires at estimate / window ≥ upper_threshold', () => {
    expect(shouldTrigger(27_199, 32_000, 0.85)).toBe(false);
    expect(shouldTrigger(27_200, 32_000, 0.85)).toBe(true);
  });

  it('threshold_crossed below the upper threshold is not triggered: no event, no audit', () => {
    const messages = parallelSession(18); // ≈ 23k + 1k reserved: between target and upper
    const estimate = estimateTokens(messages, 1_000);
    expect(estimate).toBeGreaterThan(TARGET);
    expect(estimate).toBeLessThan(27_200);
    const out = runCompaction(input(messages, {}, { trigger: 'threshold_crossed' }));
    expect(out).toMatchObject({ kind: 'not_triggered', estimate, upper_limit: 27_200, audit: [] });
    // a manual trigger compacts the same list
    expect(runCompaction(input(messages, {}, { trigger: 'operator_manual' })).kind).toBe('compacted');
  });

  it('threshold_crossed above the upper threshold compacts, recording the trigger', () => {
    const { messages } = loadOpenAiChat('django__django-11133.traj.json');
    const out = compacted(runCompaction(input(messages, {}, { trigger: 'threshold_crossed' })));
    expect(out.record.trigger).toBe('threshold_crossed');
    expect(out.audit[0]).toEqual({
      type: 'compaction.triggered',
      data: {
        session_id: 'ses_django__django-11133',
        run_id: 'run_1',
        agent_path: 'primary',
        compaction_id: 'cmp_1',
        dry_run: false,
        trigger: 'threshold_crossed',
        threshold_estimate: out.record.threshold_estimate,
        strategy: 'drop',
      },
    });
  });
});

describe('pruning pre-pass', () => {
  const prune = { protect_tokens: 4_000, minimum_savings: 2_000, protected_tools: ['read', 'skill'] };

  it('runs first and is recorded on the record', () => {
    const { messages } = loadOpenAiChat('django__django-11910.traj.json');
    const out = compacted(runCompaction(input(messages, { prune })));
    expect(out.record.prune?.pruned_count).toBeGreaterThan(0);
    expect(out.record.prune?.tokens_saved).toBeGreaterThan(2_000);
    expect(out.record.threshold_estimate).toBe(estimateTokens(messages, 1_000) - (out.record.prune?.tokens_saved ?? 0));
  });

  it('hands the pruned contents to the strategy and to the resulting list', () => {
    const { messages } = loadOpenAiChat('django__django-11910.traj.json');
    const out = compacted(runCompaction(input(messages, { prune }, { dryRun: true, window: { tokens: 200_000, source: 'catalog' } })));
    expect(out.superseded_ids).toEqual([]);
    const notices = out.messages.filter((m) => m.content.startsWith('[Pruned — '));
    expect(notices).toHaveLength(out.record.prune?.pruned_count ?? -1);
    expect(notices.every((m) => m.role === 'tool' && !m.superseded)).toBe(true);
    expect(out.record.after_estimate).toBe(out.record.threshold_estimate);
  });

  it('can avoid compaction altogether', () => {
    // mostly stale tool output: pruning brings it under the upper threshold
    const messages: Message[] = [msg(0, 'system', 's'), msg(1, 'user', 'task')];
    for (let k = 0; k < 12; k++) {
      messages.push(msg(messages.length, 'assistant', '', { tool_calls: [{ id: `c${k}`, name: 'bash', arguments: '{}' }] }));
      messages.push(msg(messages.length, 'tool', filler(2_500), { tool_call_id: `c${k}`, tool_name: 'bash' }));
    }
    expect(estimateTokens(messages, 1_000)).toBeGreaterThan(27_200);
    const out = runCompaction(input(messages, { prune }, { trigger: 'threshold_crossed' }));
    expect(out.kind).toBe('not_triggered');
    // newest result: 2 500 ≤ 4 000 protected; the next one crosses the window, so 11 are pruned
    if (out.kind === 'not_triggered') expect(out.prune?.pruned_count).toBe(11);
  });

  it('is null on the record when nothing was pruned', () => {
    const out = compacted(runCompaction(input(parallelSession(30))));
    expect(out.record.prune).toBeNull();
  });
});

describe('no-op guard', () => {
  it('already below the lower target: noop with the spec reason and audit', () => {
    const out = runCompaction(input(parallelSession(3), { strategy: 'summarize' }));
    expect(out.kind).toBe('noop');
    if (out.kind !== 'noop') return;
    expect(out.reason).toBe(NOOP_REASON);
    expect(out.reason).toBe('strategy superseded zero messages');
    expect(out.detail).toMatch(/already at or below the lower target/);
    expect(out.strategy).toBe('summarize');
    expect(out.audit.map((a) => a.type)).toEqual(['compaction.triggered', 'compaction.noop']);
    expect(out.audit[1]?.data).toMatchObject({ reason: NOOP_REASON, strategy: 'summarize', session_id: 'ses_test' });
  });

  it('everything always-keep: noop', () => {
    const messages = parallelSession(30);
    const out = runCompaction(input(messages, { always_keep: [{ id: 'all', description: 'keep all', content_regex: '' }] }));
    expect(out.kind).toBe('noop');
    if (out.kind === 'noop') expect(out.detail).toMatch(/always-keep/);
  });

  it('a dry run never returns noop: it always produces a record', () => {
    const out = compacted(runCompaction(input(parallelSession(3), {}, { dryRun: true })));
    expect(out.superseded_ids).toEqual([]);
    expect(out.record.dry_run).toBe(true);
    expect(out.record.messages_after).toBe(out.record.messages_before);
    expect(out.audit.every((a) => a.data.dry_run === true)).toBe(true);
  });

  it('a dry run shows the best effort even when the target is unreachable', () => {
    const messages = parallelSession(30);
    messages[1] = msg(1, 'user', filler(19_000));
    expect(runCompaction(input(messages, { summarize: { enabled: false } })).kind).toBe('failed');
    const out = compacted(runCompaction(input(messages, { summarize: { enabled: false } }, { dryRun: true })));
    expect(out.record.after_estimate).toBeGreaterThan(TARGET);
    expect(out.record.fallback_chain).toEqual([{ strategy: 'drop', outcome: 'invalid', reason: expect.stringMatching(/unreachable/) }]);
    expect(out.audit.map((a) => a.type)).toEqual(['compaction.triggered', 'compaction.failed', 'compaction.completed']);
  });
});

describe('observers', () => {
  const observers: ObserverPlugin[] = [
    { name: 'memory-md', durationMs: 12, result: 'null' },
    { name: 'hindsight', durationMs: 40, result: 'retain', retainIds: ['m7', 'm9'] },
    { name: 'flaky', durationMs: 7, result: 'error' },
    { name: 'pre-only', durationMs: 2, result: 'null', hooks: ['pre_compact'] },
  ];

  it('fire pre_compact in order, then post_compact, and count in duration', () => {
    const out = compacted(runCompaction(input(parallelSession(30), { summarize: { enabled: false } }, { observers })));
    expect(out.record.plugins_fired.map((p) => `${p.hook}:${p.name}:${p.result_kind}`)).toEqual([
      'pre_compact:memory-md:null',
      'pre_compact:hindsight:retain',
      'pre_compact:flaky:error',
      'pre_compact:pre-only:null',
      'post_compact:memory-md:null',
      'post_compact:hindsight:null',
      'post_compact:flaky:error',
    ]);
    const pluginMs = out.record.plugins_fired.reduce((n, p) => n + p.duration_ms, 0);
    expect(pluginMs).toBe(12 + 40 + 7 + 2 + 12 + 40 + 7);
    expect(out.record.duration_ms).toBeGreaterThan(pluginMs);
    expect(out.audit.at(-1)?.data.plugins_fired).toEqual(out.record.plugins_fired);
  });

  it('retain[] ids are kept whole (with their unit) for this event only', () => {
    const messages = parallelSession(30);
    const out = compacted(runCompaction(input(messages, { summarize: { enabled: false } }, { observers })));
    // m7 is turn 1's call, m9 one of its results: the whole exchange m7..m10 stays
    for (const id of ['m7', 'm8', 'm9', 'm10']) expect(out.superseded_ids).not.toContain(id);
    expect(out.superseded_ids).toContain('m2');
    expect(compactedProblems(messages, out, { reservedOutput: 1_000, target: TARGET, keep: ['m7', 'm9'] })).toEqual([]);
    const without = compacted(runCompaction(input(messages, { summarize: { enabled: false } })));
    expect(without.superseded_ids).toContain('m7');
  });
});

describe('runCompaction', () => {
  it('is deterministic and never mutates its input', () => {
    for (const strategy of ['drop', 'summarize', 'delegate', 'checkpoint'] as const) {
      const { messages } = loadOpenAiChat('django__django-11133.traj.json');
      const make = () =>
        deepFreeze(
          input(messages, { strategy, delegate: { plugin: 'hindsight' } }, {
            compactor: { name: 'hindsight', mode: 'ok', durationMs: 90 },
            observers: [{ name: 'memory-md', durationMs: 4, result: 'inject' }],
          }),
        );
      const a = runCompaction(make());
      const b = runCompaction(make());
      expect(a).toEqual(b);
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    }
  });

  it('fills every record field consistently', () => {
    const { messages } = loadOpenAiChat('astropy__astropy-12907.traj.json');
    const out = compacted(runCompaction(input(messages, { strategy: 'summarize' }, { window: { tokens: 32_000, source: 'catalog' } })));
    const r = out.record;
    expect(r).toMatchObject({
      id: 'cmp_1',
      session_id: 'ses_astropy__astropy-12907',
      run_id: 'run_1',
      agent_path: 'primary',
      created_at: '2026-06-07T10:00:00.000Z',
      trigger: 'operator_manual',
      strategy: 'summarize',
      context_window: 32_000,
      context_window_source: 'catalog',
      window_upper: 0.85,
      window_lower: 0.6,
      messages_before: messages.length,
      messages_after: messages.length - r.superseded_message_ids.length + 1,
      dry_run: false,
      operator_flag: null,
      operator_notes: null,
      flagged_by: null,
      flagged_at: null,
      version: 1,
      rolled_back: false,
    });
    expect(r.threshold_estimate).toBe(estimateTokens(messages, 1_000));
    expect(r.compression_ratio).toBeCloseTo(r.after_estimate / r.threshold_estimate, 10);
    expect(r.compression_ratio).toBeLessThan(0.66);
    expect(r.duration_ms).toBeGreaterThan(250);
    expect(out.audit.at(-1)).toEqual({
      type: 'compaction.completed',
      data: {
        session_id: r.session_id,
        run_id: 'run_1',
        agent_path: 'primary',
        compaction_id: 'cmp_1',
        dry_run: false,
        after_estimate: r.after_estimate,
        superseded_count: r.superseded_message_ids.length,
        summary_message_id: 'msg_summary_1',
        plugins_fired: [],
        duration_ms: r.duration_ms,
      },
    });
  });

  it('ignores superseded messages in its input', () => {
    const messages = parallelSession(30);
    const withGhosts = [...messages.slice(0, 2), { ...msg(999, 'assistant', filler(50_000)), superseded: true }, ...messages.slice(2)];
    const a = compacted(runCompaction(input(messages)));
    const b = compacted(runCompaction(input(withGhosts)));
    expect(b.record.threshold_estimate).toBe(a.record.threshold_estimate);
    expect(b.superseded_ids).toEqual(a.superseded_ids);
  });

  it('reports invalid predicates without failing the compaction', () => {
    const out = runCompaction(input(parallelSession(30), { always_keep: [{ id: 'bad', description: '', content_regex: '(' }] }));
    expect(out.kind).toBe('compacted');
    expect(out.predicate_errors).toEqual([{ predicate_id: 'bad', message: expect.stringMatching(/invalid content_regex/) }]);
  });
});
