import { describe, expect, it } from 'vitest';
import type { CompactionStats } from '../../../domain/contract/types';
import { makeRecord, makeRecords } from '../../../test-support/test-records';
import { costPerEvent, costSplit, summarizeCosts } from './cost';
import { STRATEGY_LABELS, TRIGGER_LABELS } from '../../../domain/compaction/labels';
import { completeCounts } from './counts';
import { fallbackSummary } from './fallbacks';
import { summaryHistogram, niceBinWidth } from './histogram';
import { hookTimingRows, slowestMs } from './hook-timings';
import { appliedEvents, axisTimeLabel } from './series';
import { median, prepareTimeline, summarizeTimeline, thresholdsUniform, timelineMax } from './timeline';
import { makeCost } from '../../../test-support/test-records';

describe('the events drawn', () => {
  it('keeps applied events only, oldest first, the latest `limit`', () => {
    const records = [
      makeRecord({ id: 'c', created_at: '2026-06-01T10:03:00Z' }),
      makeRecord({ id: 'dry', created_at: '2026-06-01T10:02:30Z', dry_run: true }),
      makeRecord({ id: 'b', created_at: '2026-06-01T10:02:00Z' }),
      makeRecord({ id: 'undone', created_at: '2026-06-01T10:01:30Z', rolled_back: true }),
      makeRecord({ id: 'a', created_at: '2026-06-01T10:01:00Z' }),
    ];
    expect(appliedEvents(records).records.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    const latest = appliedEvents(records, 2);
    expect(latest.records.map((r) => r.id)).toEqual(['b', 'c']);
    expect(latest.applied).toBe(3);
  });

  it('labels the time axis with the time, and the day when events span days', () => {
    expect(axisTimeLabel('2026-06-01T10:04:05Z', 3600_000)).toBe('10:04');
    expect(axisTimeLabel('2026-06-01T10:04:05Z', 3 * 24 * 3600_000)).toBe('Jun 1 10:04');
  });
});

describe('the token timeline', () => {
  const records = [
    makeRecord({ id: 'a', agent_path: 'primary', threshold_estimate: 172_000, after_estimate: 110_000, context_window: 200_000, window_upper: 0.85, window_lower: 0.6 }),
    makeRecord({ id: 'b', agent_path: 'primary/explore', threshold_estimate: 60_000, after_estimate: 45_000, context_window: 64_000, window_upper: 0.9, window_lower: 0.5, trigger: 'operator_manual' }),
  ];
  const points = prepareTimeline(records);

  it('draws before → after per event with that event’s own thresholds in tokens', () => {
    expect(points[0]).toMatchObject({ index: 0, id: 'a', before: 172_000, after: 110_000, range: [110_000, 172_000], window: 200_000, upper: 170_000, lower: 120_000, saved: 62_000 });
    expect(points[1]).toMatchObject({ index: 1, agent: 'primary/explore', window: 64_000, upper: 57_600, lower: 32_000 });
  });

  it('computes the compression ratio and whether the thresholds were met', () => {
    expect(points[0]?.ratio).toBeCloseTo(110 / 172);
    expect(points[0]).toMatchObject({ overUpper: true, reachedLower: true });
    expect(points[1]).toMatchObject({ overUpper: true, reachedLower: false });
  });

  it('summarizes: median ratio, events that missed the lower threshold, tokens saved', () => {
    expect(summarizeTimeline(points)).toEqual({ events: 2, medianRatio: ((110 / 172) + 0.75) / 2, missedLower: 1, tokensSaved: 77_000 });
    expect(summarizeTimeline([])).toEqual({ events: 0, medianRatio: null, missedLower: 0, tokensSaved: 0 });
  });

  it('tells whether the thresholds are the same for every event (lines) or differ by agent (ticks)', () => {
    expect(thresholdsUniform(points)).toBe(false);
    expect(thresholdsUniform(prepareTimeline([records[0]!, { ...records[0]!, id: 'c' }]))).toBe(true);
    expect(thresholdsUniform([])).toBe(true);
  });

  it('scales the y axis to the largest window', () => {
    expect(timelineMax(points)).toBe(200_000);
    expect(timelineMax([])).toBe(0);
  });

  it('takes the median of odd and even lists', () => {
    expect(median([1, 2, 9])).toBe(2);
    expect(median([1, 2, 3, 9])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('counts by trigger and strategy', () => {
  it('shows every value of the contract in its order, zeros included, with shares', () => {
    const bars = completeCounts(
      [
        { key: 'threshold_crossed', count: 6 },
        { key: 'hook_requested', count: 2 },
      ],
      TRIGGER_LABELS,
    );
    expect(bars.map((b) => [b.key, b.count])).toEqual([
      ['threshold_crossed', 6],
      ['provider_overflow_retry', 0],
      ['operator_manual', 0],
      ['scheduled', 0],
      ['hook_requested', 2],
    ]);
    expect(bars[0]?.share).toBe(0.75);
    expect(bars[4]?.label).toBe('hook requested');
  });

  it('keeps values this build does not know, after the known ones', () => {
    const bars = completeCounts([{ key: 'teleport', count: 1 }], STRATEGY_LABELS);
    expect(bars.map((b) => b.key)).toEqual(['drop', 'summarize', 'delegate', 'checkpoint', 'teleport']);
    expect(bars[4]).toMatchObject({ label: 'teleport', share: 1 });
  });

  it('answers zero shares when nothing happened', () => {
    expect(completeCounts([], STRATEGY_LABELS).every((b) => b.count === 0 && b.share === 0)).toBe(true);
  });
});

describe('the summary length histogram', () => {
  it('picks round bin widths', () => {
    expect(niceBinWidth(0, 12)).toBe(50);
    expect(niceBinWidth(500, 12)).toBe(50);
    expect(niceBinWidth(1450, 12)).toBe(200);
    expect(niceBinWidth(1100, 12)).toBe(100);
    expect(niceBinWidth(11_500, 12)).toBe(1000);
    expect(niceBinWidth(12_000, 12)).toBe(2000);
  });

  it('starts at the bin of the shortest summary', () => {
    const histogram = summaryHistogram([{ summary_tokens: 380 }, { summary_tokens: 420 }, { summary_tokens: 499 }]);
    expect(histogram.width).toBe(50);
    expect(histogram.bins.map((b) => [b.from, b.count])).toEqual([
      [350, 1],
      [400, 1],
      [450, 1],
    ]);
    expect(niceBinWidth(5_000, 12, 4_500)).toBe(50);
  });

  it('bins lengths, counting events without a summary apart', () => {
    const histogram = summaryHistogram([{ summary_tokens: 0 }, { summary_tokens: 49 }, { summary_tokens: 50 }, { summary_tokens: 420 }, { summary_tokens: null }]);
    expect(histogram.width).toBe(50);
    expect(histogram.bins).toHaveLength(9);
    expect(histogram.bins[0]).toMatchObject({ from: 0, to: 50, count: 2, label: '0–50' });
    expect(histogram.bins[1]?.count).toBe(1);
    expect(histogram.bins[8]).toMatchObject({ from: 400, to: 450, count: 1 });
    expect(histogram).toMatchObject({ withSummary: 4, withoutSummary: 1, median: 49.5, max: 420 });
  });

  it('counts every summary exactly once', () => {
    const records = makeRecords(500);
    const histogram = summaryHistogram(records);
    expect(histogram.bins.reduce((sum, b) => sum + b.count, 0)).toBe(histogram.withSummary);
    expect(histogram.bins.length).toBeLessThanOrEqual(12);
  });

  it('is empty without summaries', () => {
    expect(summaryHistogram([{ summary_tokens: null }])).toMatchObject({ bins: [], withSummary: 0, withoutSummary: 1, median: null, max: null });
  });
});

describe('cost', () => {
  it('gives each event its cost and model', () => {
    const points = costPerEvent([
      makeRecord({ id: 'a', cost_usd: 0.02 }),
      makeRecord({ id: 'b', strategy: 'drop', cost_usd: 0, plugin_cost: null, summarizer_model: null }),
    ]);
    expect(points[0]).toMatchObject({ id: 'a', usd: 0.02, model: 'anthropic:claude-haiku-4-5', inputTokens: 56_000, outputTokens: 443 });
    expect(points[1]).toMatchObject({ id: 'b', usd: 0, model: null, inputTokens: null });
    expect(summarizeCosts(points)).toEqual({ total: 0.02, meanPaid: 0.02, max: 0.02, free: 1 });
    expect(summarizeCosts([])).toEqual({ total: 0, meanPaid: null, max: 0, free: 0 });
  });

  it('splits the session cost into primary and compactor', () => {
    expect(costSplit(makeCost(3, 1))).toEqual({ primary: 3, compactor: 1, total: 4, compactorShare: 0.25 });
    expect(costSplit(makeCost(0, 0)).compactorShare).toBe(0);
  });
});

describe('hook timings', () => {
  const rows = hookTimingRows([
    { plugin: 'hindsight', hook: 'post_compact', count: 9, p50_ms: 184, p95_ms: 413, max_ms: 413, result_kinds: [{ key: 'null', count: 9 }] },
    { plugin: 'hindsight', hook: 'pre_compact', count: 16, p50_ms: 302, p95_ms: 2236, max_ms: 2300, result_kinds: [{ key: 'inject', count: 9 }, { key: 'error', count: 7 }] },
    { plugin: 'guard-rails', hook: 'pre_compact', count: 9, p50_ms: 4, p95_ms: 9, max_ms: 9, result_kinds: [{ key: 'weird', count: 9 }] },
  ]);

  it('orders plugins by name, pre_compact before post_compact', () => {
    expect(rows.map((r) => r.key)).toEqual(['guard-rails/pre_compact', 'hindsight/pre_compact', 'hindsight/post_compact']);
  });

  it('lists every result kind with its share, errors counted', () => {
    const pre = rows[1];
    expect(pre?.kinds.map((k) => [k.kind, k.count])).toEqual([
      ['inject', 9],
      ['retain', 0],
      ['compactor_result', 0],
      ['null', 0],
      ['error', 7],
    ]);
    expect(pre?.kinds[0]?.share).toBeCloseTo(9 / 16);
    expect(pre).toMatchObject({ p50: 302, p95: 2236, max: 2300, errors: 7 });
    expect(rows[0]?.kinds.map((k) => k.kind).at(-1)).toBe('weird');
  });

  it('scales bars to the slowest hook', () => {
    expect(slowestMs(rows)).toBe(2300);
    expect(slowestMs([])).toBe(0);
  });
});

describe('fallbacks', () => {
  const stats: Pick<CompactionStats, 'fallback_total' | 'fallback_reasons' | 'events_total'> = {
    events_total: 20,
    fallback_total: 5,
    fallback_reasons: [
      { key: 'delegate: timeout', count: 1 },
      { key: 'delegate: compactor_split_tool_pair', count: 4 },
    ],
  };

  it('gives the rate and the reasons, most frequent first', () => {
    expect(fallbackSummary(stats)).toEqual({
      total: 5,
      rate: 0.25,
      reasons: [
        { reason: 'delegate: compactor_split_tool_pair', count: 4, share: 0.8 },
        { reason: 'delegate: timeout', count: 1, share: 0.2 },
      ],
    });
  });

  it('is calm when nothing fell back', () => {
    expect(fallbackSummary({ events_total: 0, fallback_total: 0, fallback_reasons: [] })).toEqual({ total: 0, rate: 0, reasons: [] });
  });
});
