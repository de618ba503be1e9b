import { describe, expect, it } from 'vitest';
import { SILENT_NOOP } from '../../store/facts';
import { historyId, historyRow, materialize } from '../../store/history';
import { validateComponent } from '../../../src/domain/contract/validator';
import { fallbackKind } from '../read-models/stats';
import { generateHistory } from './history';
import { HISTORY_SHAPES } from './history-plan';

const ANCHOR = Date.UTC(2026, 10, 22, 12);

function shape(scale: 'normal' | 'large') {
  const h = generateHistory({ seed: 24, scale, anchor: ANCHOR });
  const f = h.facts;
  const perSession = h.sessions.map((_, i) => (h.factStart[i + 1] as number) - (h.factStart[i] as number)).sort((a, b) => b - a);
  let flagged = 0;
  for (let r = 0; r < f.length; r++) if (f.flag[r]) flagged++;
  let noops = 0;
  for (let r = 0; r < h.silent.length; r++) if (h.silent.kind[r] === SILENT_NOOP) noops++;
  return { h, perSession, flagged, noops, failures: h.silent.length - noops };
}

describe('the generated history', () => {
  it('is the same for the same spec, and in time order', () => {
    const a = generateHistory({ seed: 3, scale: 'normal', anchor: ANCHOR });
    const b = generateHistory({ seed: 3, scale: 'normal', anchor: ANCHOR });
    expect(Array.from(a.facts.at)).toEqual(Array.from(b.facts.at));
    expect(a.sessions).toEqual(b.sessions);
    for (let r = 1; r < a.facts.length; r++) expect(a.facts.at[r]).toBeGreaterThanOrEqual(a.facts.at[r - 1] as number);
    expect(a.facts.at[a.facts.length - 1]).toBeLessThanOrEqual(ANCHOR);
  });

  it('materializes every row into a record the contract accepts, with a stable id', () => {
    const { h } = shape('normal');
    for (let row = 0; row < h.facts.length; row += 7) {
      const record = materialize(h, row, undefined);
      expect(validateComponent('CompactionRecord', record)).toBeNull();
      expect(historyRow(h, record.id)).toBe(row);
      if (record.fallback_occurred) expect(h.facts.fallbackKinds).toContain(fallbackKind(record));
    }
    expect(historyRow(h, historyId(h.facts.length))).toBe(-1);
    expect(historyRow(h, 'cmp_00001')).toBe(-1);
  });

  it('at the default scale: spirals, no-ops and failures, several plugins and versions, flags on a minority', () => {
    const { h, flagged, noops, failures } = shape('normal');
    expect(h.facts.length).toBe(HISTORY_SHAPES.normal.events);
    expect(h.sessions.filter((s) => /loop|Stuck/.test(s.title))).toHaveLength(3);
    expect(noops).toBeGreaterThan(10);
    expect(failures).toBeGreaterThan(3);
    expect(Object.keys(h.facts.pluginVersion)).toEqual(['hindsight', 'memory-markdown', 'guard-rails']);
    expect(h.facts.versions).toEqual(expect.arrayContaining(['0.4.1', '0.4.2', '1.1.0', '1.2.0']));
    expect(flagged / h.facts.length).toBeGreaterThan(0.05);
    expect(flagged / h.facts.length).toBeLessThan(0.3);
  });

  it('MOCK_SCALE=large: a million events over 2,400 sessions, heavily skewed, with hindsight failing in bursts', () => {
    const { h, perSession, flagged, noops, failures } = shape('large');
    expect(h.facts.length).toBe(1_000_000);
    expect(h.sessions.length).toBe(2_400);
    // A few sessions hold many events; the typical one few.
    const median = perSession[Math.floor(perSession.length / 2)] as number;
    expect(perSession[0]).toBeGreaterThan(20 * median);
    expect(perSession.slice(0, 24).reduce((n, c) => n + c, 0) / 1_000_000).toBeGreaterThan(0.07);
    expect(flagged / h.facts.length).toBeLessThan(0.2);
    expect(noops).toBeGreaterThan(5_000);
    expect(failures).toBeGreaterThan(1_000);
    // hindsight's failures come in bursts: some hours see far more fallbacks than the rest.
    const hourly = new Map<number, [number, number]>();
    const compactor = h.facts.slots.findIndex((s) => s.plugin === 'hindsight' && s.role === 'compactor');
    for (let r = 0; r < h.facts.length; r++) {
      if (!h.facts.slotKind[compactor]?.[r]) continue;
      const hour = Math.floor((h.facts.at[r] as number) / 3_600_000);
      const [n, fb] = hourly.get(hour) ?? [0, 0];
      hourly.set(hour, [n + 1, fb + ((h.facts.fallback[r] as number) >= 0 ? 1 : 0)]);
    }
    const rates = [...hourly.values()].filter(([n]) => n >= 50).map(([n, fb]) => fb / n).sort((a, b) => a - b);
    expect(rates[Math.floor(rates.length / 2)]).toBeLessThan(0.1);
    expect(rates[rates.length - 1]).toBeGreaterThan(0.4);
  }, 120_000);
});
