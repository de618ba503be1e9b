import { describe, expect, it } from 'vitest';
import { adoptSetting, bestValue, chartRows, comparison, fillAxisMax, focusTurn, nothingReplayed, timeline, type ReplayResult, type ReplayRun } from './replay-view';

const totals = (over: Partial<ReplayRun['totals']> = {}): ReplayRun['totals'] => ({
  compactions: 1,
  failed_compactions: 0,
  awaiting_approval: 0,
  overflow_turns: 0,
  peak_tokens: 90_000,
  peak_fill: 0.9,
  input_tokens_total: 300_000,
  compactor_cost_usd: 0.01,
  harm: { lost_references: 3, referred_again: 1, examples: [] },
  ...over,
});

function run(label: string | null, set: Record<string, unknown>, fill: number[], eventTurns: number[]): ReplayRun {
  return {
    label,
    set,
    config: {} as ReplayRun['config'],
    upper_tokens: 85_000,
    lower_tokens: 60_000,
    fill_tokens: fill,
    sent_tokens: fill.map((f) => f - 8_192),
    events: eventTurns.map((turn) => ({ turn, message_id: `m${turn}`, trigger: 'threshold_crossed', strategy: 'drop', tokens_before: 90_000, tokens_after: 55_000, superseded_count: 4, superseded_ids: [], summary_tokens: null, cost_usd: 0, fallback_reason: null, awaiting_approval: false })),
    totals: totals(),
  };
}

const result: ReplayResult = {
  session_id: 's',
  agent_path: 'primary',
  window: { tokens: 100_000, source: 'catalog' },
  base_tokens: 20_000,
  reserved_output_tokens: 8_192,
  history_messages: 10,
  turns: [0, 1, 2].map((turn) => ({ turn, message_id: `m${turn}`, at: `2026-01-01T00:00:0${turn}.000Z`, recorded_tokens: turn === 1 ? null : 50_000, estimate_tokens: null })),
  runs: [run(null, {}, [40_000, 50_000, 60_000], []), run('tight', { upper_threshold: 0.5 }, [40_000, 45_000, 30_000], [2])],
  recorded: { sent_tokens: [50_000, null, 50_000], events: [{ turn: 2, compaction_id: 'cmp_1', trigger: 'auto', tokens_before: 95_000, tokens_after: 50_000, summary_tokens: 900, cost_usd: null, reread_after: null }], totals: totals({ compactor_cost_usd: 0 }), estimate_error: { calls: 2, median: 0.01, p90: 0.02, content_median: 0.1, content_p90: 0.2 } },
};

describe('threshold lab view', () => {
  it('turns fill into fractions of the window per call, with compaction marks and thresholds per series', () => {
    const t = timeline(result);
    expect(t.series.map((s) => [s.key, s.label, s.upper, s.lower])).toEqual([
      ['run0', 'As configured', 0.85, 0.6],
      ['run1', 'tight', 0.85, 0.6],
      ['recorded', 'What really happened', null, null],
    ]);
    expect(t.rows[1]).toEqual({ turn: 1, at: '2026-01-01T00:00:01.000Z', fill: { run0: 0.5, run1: 0.45, recorded: null }, compacted: [] });
    expect(t.rows[2]?.compacted).toEqual(['run1', 'recorded']);
  });

  it('puts the totals side by side, what really happened last', () => {
    const columns = comparison(result);
    expect(columns.map((c) => c.label)).toEqual(['As configured', 'tight', 'What really happened']);
    expect(columns[0]).toMatchObject({ compactions: 1, peakFill: 0.9, inputTokensTotal: 300_000, lostReferences: 3, referredAgain: 1 });
  });

  it('re-read after compaction: what really happened, summed over the measured events; a replayed setting is not measured', () => {
    expect(comparison(result).map((c) => c.reread)).toEqual([null, null, null]);
    const events = [
      { ...result.recorded!.events[0]!, reread_after: { calls: 2, tokens: 1_674, files: 2 } },
      { ...result.recorded!.events[0]!, turn: 3, compaction_id: 'cmp_2', reread_after: null },
      { ...result.recorded!.events[0]!, turn: 4, compaction_id: 'cmp_3', reread_after: { calls: 1, tokens: 400, files: 1 } },
    ];
    const columns = comparison({ ...result, recorded: { ...result.recorded!, events } });
    expect(columns.map((c) => c.reread)).toEqual([null, null, { calls: 3, tokens: 2_074, files: 3, measured: 2 }]);
  });

  it('names an unlabelled setting by its position, and leaves out a recorded column when nothing was recorded', () => {
    const bare = { ...result, runs: [run(null, { strategy: 'drop' }, [1, 2, 3], [])], recorded: null };
    expect(comparison(bare).map((c) => c.label)).toEqual(['Setting 1']);
    expect(timeline(bare).rows[0]?.fill).toEqual({ run0: 0.00001 });
  });

  it('adopting a setting is its set as pending changes, a copy the caller may keep', () => {
    const run1 = result.runs[1]!;
    const draft = adoptSetting(run1);
    expect(draft).toEqual({ set: { upper_threshold: 0.5 }, unset: [] });
    expect(draft.set).not.toBe(run1.set);
  });

  it('flattens the timeline for the chart: a line per series and a marker where it compacted', () => {
    const rows = chartRows(timeline(result));
    expect(rows[2]).toEqual({ turn: 2, run0: 0.6, run0Mark: null, run1: 0.3, run1Mark: 0.3, recorded: 0.5, recordedMark: 0.5 });
    expect(rows[1]).toMatchObject({ recorded: null, recordedMark: null });
  });

  it('the fill axis ends at the window unless a series went past it', () => {
    expect(fillAxisMax(timeline(result))).toBe(1);
    const over = { ...result, runs: [run(null, {}, [40_000, 123_000, 60_000], [])] };
    expect(fillAxisMax(timeline(over))).toBe(1.3);
  });
});

describe('the moment an event marks', () => {
  const turns = [
    { turn: 0, at: '2026-11-25T18:00:00.000Z' },
    { turn: 1, at: '2026-11-25T18:05:00.000Z' },
    { turn: 2, at: '2026-11-25T18:10:00.000Z' },
  ];
  it('is the call the compaction ran before: the first at or after its time', () => {
    expect(focusTurn(turns, '2026-11-25T18:04:04.000Z')).toBe(1);
    expect(focusTurn(turns, '2026-11-25T18:05:00.000Z')).toBe(1);
    expect(focusTurn(turns, '2026-11-25T17:00:00.000Z')).toBe(0);
    expect(focusTurn(turns, '2026-11-26T00:00:00.000Z')).toBe(2);
  });
  it('is none without calls or a time', () => {
    expect(focusTurn([], '2026-11-25T18:04:04.000Z')).toBeNull();
    expect(focusTurn(turns, null)).toBeNull();
  });
});

describe('an empty replay', () => {
  it('says in plain words why nothing was replayed, and says nothing when calls were', () => {
    expect(nothingReplayed(result)).toBeNull();
    expect(nothingReplayed({ turns: [], history_messages: 0 })).toMatch(/^Nothing was replayed: this agent’s history holds no messages/);
    expect(nothingReplayed({ turns: [], history_messages: 1234 })).toBe('Nothing was replayed: the agent’s 1,234 messages hold no model call to replay, so no setting can be compared.');
  });

  it('marks no best among zeros or ties, the lowest otherwise', () => {
    expect(bestValue([0, 0, 0])).toBeNull();
    expect(bestValue([5, 5])).toBeNull();
    expect(bestValue([7])).toBeNull();
    expect(bestValue([3, 1, 1])).toBe(1);
  });
});
