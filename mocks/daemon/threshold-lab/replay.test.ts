import { beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../store/store';
import type { CompactionRecord, Schemas } from '../../store/types';
import { DaemonError } from '../errors';
import { replaySession } from './replay';
import { seededStore } from '../seeding/test-support/normal-seed';

let store: Store;
beforeAll(async () => {
  store = await seededStore();
}, 120_000);

/** A record or a replay event, comparable: summaries are named differently by the two, so they are left out of the ids. */
function shape(e: { trigger: string; threshold_estimate?: number; tokens_before?: number; after_estimate?: number; tokens_after?: number; superseded_message_ids?: string[]; superseded_ids?: string[] }) {
  const ids = (e.superseded_message_ids ?? e.superseded_ids ?? []).filter((id) => !/summary|^replay:|^recorded:/.test(id));
  return { trigger: e.trigger, before: e.threshold_estimate ?? e.tokens_before, after: e.after_estimate ?? e.tokens_after, ids };
}

describe('recorded compactions in the lab are their records', () => {
  const cases = [
    ['ses_4d5611e5-241', 'primary'],
    ['ses_4d5611e5-241', 'primary/agent-a2898e3'],
    ['ses_ae4a77f8-aed', 'primary'],
    ['ses_astropy-1290', 'primary'],
  ] as const;

  it.each(cases)('%s %s: a run that adds no compaction of its own shows exactly the recorded ones, at their records\' figures', (sessionId, agentPath) => {
    const session = store.session(sessionId)!;
    const recorded = session.compactions.filter((r: CompactionRecord) => r.agent_path === agentPath);
    const result = replaySession(store, sessionId, { agent_path: agentPath, settings: [{ set: { upper_threshold: 0.99, lower_threshold: 0.9 } }], include_recorded_compactions: true });
    const run = result.runs[0]!;
    expect(run.events.map(shape)).toEqual(recorded.map(shape));
    expect((result.recorded?.events ?? []).map((e) => [e.compaction_id, e.tokens_before, e.tokens_after, e.summary_tokens, e.cost_usd])).toEqual(
      recorded.map((r) => [r.id, r.threshold_estimate, r.after_estimate, r.summary_tokens, r.cost_usd]),
    );
    // The per-turn axis covers every call of the history.
    const calls = session.agents.find((a) => a.agent_path === agentPath)!.messages.filter((m) => m.role === 'assistant' && m.metadata.kind !== 'compaction_summary');
    expect(run.fill_tokens).toHaveLength(calls.length);
    expect(result.turns.map((t) => t.message_id)).toEqual(calls.map((m) => m.id));
  });

  it('has something to check: the fixtures record compactions', () => {
    const all = cases.flatMap(([s, a]) => store.session(s)!.compactions.filter((r) => r.agent_path === a));
    expect(all.some((r) => r.threshold_estimate === 170251)).toBe(true);
    expect(all.some((r) => r.threshold_estimate === 142431)).toBe(true);
  });
});

describe('the threshold lab', () => {
  const request: Schemas['ReplayRequest'] = {
    agent_path: 'primary',
    settings: [
      { label: 'as configured', set: {} },
      { label: 'early, drop', set: { upper_threshold: 0.5, lower_threshold: 0.3, strategy: 'drop', 'summarize.enabled': false } },
      { label: 'early, summarize', set: { upper_threshold: 0.5, lower_threshold: 0.3, strategy: 'summarize', 'summarize.model': 'haiku' } },
    ],
  };

  it('is deterministic', () => {
    expect(JSON.stringify(replaySession(store, 'ses_4d5611e5-241', request))).toBe(JSON.stringify(replaySession(store, 'ses_4d5611e5-241', request)));
  });

  it('compares settings: lower thresholds compact more often, send fewer input tokens, and lose more references', () => {
    const result = replaySession(store, 'ses_4d5611e5-241', request);
    const [own, drop, summarize] = result.runs as [Schemas['ReplayRun'], Schemas['ReplayRun'], Schemas['ReplayRun']];
    // At 0.5 of the window it compacts far more often than as configured.
    expect(drop.totals.compactions).toBeGreaterThan(own.totals.compactions);
    expect(drop.upper_tokens).toBe(100_000);
    expect(drop.totals.peak_tokens).toBeLessThan(own.totals.peak_tokens);
    expect(drop.totals.input_tokens_total).toBeLessThan(own.totals.input_tokens_total);
    for (const e of drop.events) {
      expect(e.tokens_before).toBeGreaterThanOrEqual(drop.upper_tokens);
      expect(e.tokens_after).toBeLessThanOrEqual(drop.lower_tokens);
      expect(e.strategy).toBe('drop');
      expect(e.cost_usd).toBe(0);
    }
    // Summaries cost the summarizer's price; an event that fell back to drop costs nothing and says why.
    for (const e of summarize.events) {
      if (e.fallback_reason === null) expect(e.summary_tokens! > 100 && e.cost_usd > 0).toBe(true);
      else expect(e.cost_usd).toBe(0);
    }
    expect(summarize.totals.compactor_cost_usd).toBeGreaterThan(0);
    // Dropping without a summary loses references that later turns mention again.
    expect(drop.totals.harm.lost_references).toBeGreaterThan(0);
    expect(drop.totals.harm.referred_again).toBeGreaterThan(0);
    expect(drop.totals.harm.examples[0]!.referred_at_turn).toBeGreaterThan(drop.totals.harm.examples[0]!.lost_at_turn);
    expect(drop.totals.harm.lost_references).toBeGreaterThan(own.totals.harm.lost_references);
  });

  it('shows what really happened beside it: recorded context per call, the recorded compaction, the estimate\'s error', () => {
    const result = replaySession(store, 'ses_4d5611e5-241', request);
    const rec = result.recorded!;
    expect(rec.events).toHaveLength(1);
    expect(rec.events[0]).toMatchObject({ trigger: 'auto', tokens_before: 170251 });
    expect(rec.events[0]!.tokens_after).toBeLessThan(60_000);
    expect(rec.totals.peak_tokens).toBeGreaterThan(160_000);
    expect(rec.totals.input_tokens_total).toBe(rec.sent_tokens.reduce<number>((n, x) => n + (x ?? 0), 0));
    expect(rec.estimate_error.median).toBeLessThan(0.1);
    expect(rec.estimate_error.p90).toBeLessThan(0.25);
    expect(result.turns.filter((t) => t.recorded_tokens !== null).length).toBeGreaterThan(100);
    // The simulator's estimate and the recorded figure stand side by side per turn.
    const t = result.turns.find((x) => x.recorded_tokens !== null && x.turn > 10)!;
    expect(Math.abs(t.estimate_tokens! - t.recorded_tokens!) / t.recorded_tokens!).toBeLessThan(0.1);
    // Its own run, with the recorded compaction applied, follows the recorded context closely.
    const own = replaySession(store, 'ses_4d5611e5-241', { ...request, include_recorded_compactions: true }).runs[0]!;
    const diffs = result.turns.flatMap((x, i) => (x.recorded_tokens === null ? [] : [Math.abs(own.sent_tokens[i]! - x.recorded_tokens) / x.recorded_tokens]));
    expect(diffs.sort((a, b) => a - b)[Math.floor(diffs.length / 2)]).toBeLessThan(0.05);
  });

  it('a checkpoint strategy counts the approvals it would have asked for', () => {
    const result = replaySession(store, 'ses_ae4a77f8-aed', { agent_path: 'primary', settings: [{ set: { strategy: 'checkpoint', upper_threshold: 0.5, lower_threshold: 0.3 } }] });
    const run = result.runs[0]!;
    expect(run.totals.awaiting_approval).toBeGreaterThan(0);
    expect(run.events.every((e) => e.awaiting_approval && e.strategy === 'checkpoint')).toBe(true);
  });

  it('works on a generated session without recorded usage', () => {
    const result = replaySession(store, 'ses_gen_memory', { agent_path: 'primary', settings: [{ set: { upper_threshold: 0.6, lower_threshold: 0.4 } }] });
    expect(result.recorded).toBeNull();
    expect(result.runs[0]!.totals.compactions).toBeGreaterThan(0);
    expect(result.turns.every((t) => t.recorded_tokens === null)).toBe(true);
  });

  it('refuses a setting the agent could not take, naming the field', () => {
    const bad = () => replaySession(store, 'ses_4d5611e5-241', { agent_path: 'primary', settings: [{ set: { upper_threshold: 0.7 } }, { set: { strategy: 'magic' } }] });
    expect(bad).toThrow(DaemonError);
    expect(bad).toThrow(/settings\[1\]\.set\.strategy: must be one of drop, summarize, delegate, checkpoint/);
    expect(() => replaySession(store, 'ses_4d5611e5-241', { agent_path: 'primary', settings: [{ set: { lower_threshold: 0.9 } }] })).toThrow(/settings\[0\]\.set\.lower_threshold: must be below the upper threshold/);
  });
});
