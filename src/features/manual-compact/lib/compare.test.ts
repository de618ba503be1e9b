import { describe, expect, it } from 'vitest';
import { makePreview } from '../../../domain/compaction/compact-preview';
import { makeDryRunResult as result } from '../../../test-support/test-records';
import { compareRows } from './compare';
import { canPinMore, withPinned } from './compare-store';

let n = 0;
const ids = () => `id${++n}`;

const request = { agent_path: 'primary', strategy: 'drop' as const, upper_threshold: 0.85, lower_threshold: 0.6 };

describe('comparing proposals', () => {
  it('marks the better figure', () => {
    const drop = makePreview('s', request, result(90_000, 200, 0), ids);
    const summarize = makePreview('s', { ...request, strategy: 'summarize' }, result(60_000, 120, 0.02, 'summarizer failed'), ids);
    const rows = compareRows([drop, summarize]);
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r.cells]));
    expect(byLabel['Tokens after']?.map((c) => c.best)).toEqual([false, true]);
    expect(byLabel['Messages kept']?.map((c) => c.best)).toEqual([true, false]);
    expect(byLabel['Estimated cost']?.map((c) => c.best)).toEqual([true, false]);
    expect(byLabel['Fallback']?.[1]).toEqual({ text: 'summarizer failed', tone: 'warn' });
    // Percents written as every other screen writes them (formatPercent: "45 %", a unit space).
    expect(byLabel['Tokens after']?.[0]?.hint).toMatch(/^\d+\u202f?\s?% of before · \d+\u202f?\s?% of window$/);
    expect(byLabel['Tokens after']?.[0]?.hint).not.toMatch(/\d%/);
  });

  it('pins at most three, the same settings replacing their older preview in its place; a fourth is refused, none dropped', () => {
    const a = makePreview('s', request, result(1, 1, 0), ids);
    const a2 = makePreview('s', request, result(1, 1, 0), ids);
    const b = makePreview('s', { ...request, strategy: 'summarize' }, result(1, 1, 0), ids);
    const c = makePreview('s', { ...request, lower_threshold: 0.4 }, result(1, 1, 0), ids);
    expect(withPinned([a], a2).map((p) => p.id)).toEqual([a2.id]);
    expect(withPinned([a, b], c).map((p) => p.id)).toEqual([a.id, b.id, c.id]);
    const d = makePreview('s', { ...request, upper_threshold: 0.7 }, result(1, 1, 0), ids);
    expect(canPinMore([a, b, c], d)).toBe(false);
    expect(withPinned([a, b, c], d).map((p) => p.id)).toEqual([a.id, b.id, c.id]);
    expect(canPinMore([a, b, c], a2)).toBe(true);
    expect(withPinned([a, b, c], a2).map((p) => p.id)).toEqual([a2.id, b.id, c.id]);
  });
});
