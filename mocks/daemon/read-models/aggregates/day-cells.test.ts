import { describe, expect, it } from 'vitest';
import { flagCode } from '../../../store/facts';
import type { History } from '../../../store/history';
import { applyEdit } from '../../../store/store';
import { breakdown, breakdownCells } from './breakdown';
import { DIMENSIONS } from './breakdown-groups';
import { dayCells, forRange } from './day-cells';
import { parseScope, type PartScope } from './scope';
import { topSessions } from './top-sessions';
import { ANCHOR, testStore } from './test-support';

const store = testStore();
const history = store.history as History;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const q = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, typeof v === 'number' ? new Date(v).toISOString() : v]));

/** The same scope with the history hidden from the aggregates: they read every row (no cells, no project index). */
const rowByRow = (parts: PartScope[]): PartScope[] => parts.map((ps) => ({ ...ps, part: { ...ps.part, history: null } }));

/** Money sums come out in another order: compare them to the micro-dollar. */
const normal = (x: unknown) => JSON.parse(JSON.stringify(x, (_k, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1e5) / 1e5 : v))) as unknown;

const CASES: [string, URLSearchParams][] = [
  ['all time', q({})],
  ['whole UTC days', q({ from: Math.floor(ANCHOR / DAY) * DAY - 5 * DAY, to: Math.floor(ANCHOR / DAY) * DAY })],
  ['last 24 h (two partly covered days)', q({ from: ANCHOR - DAY, to: ANCHOR })],
  ['30 days, Paris', q({ from: ANCHOR - 30 * DAY, to: ANCHOR, tz: 'Europe/Paris' })],
  ['7 days, one project', q({ project_id: 'payments-api', from: ANCHOR - 7 * DAY, to: ANCHOR })],
  ['odd minutes, one project', q({ project_id: 'payments-api', from: ANCHOR - 3 * DAY - 7 * 60_000, to: ANCHOR - 11 * 60_000 })],
  ['a range past the history (empty)', q({ from: ANCHOR + DAY, to: ANCHOR + 3 * DAY })],
  ['one millisecond', q({ from: ANCHOR - 2 * DAY, to: ANCHOR - 2 * DAY + 1 })],
];

describe('breakdown and top sessions from per-day cells answer what reading every row answers', () => {
  describe.each(CASES)('%s', (_name, params) => {
    const { scope, parts } = parseScope(store, params);
    it.each(DIMENSIONS)('breakdown by %s', (dim) => {
      expect(normal(breakdown(scope, parts, dim))).toEqual(normal(breakdown(scope, rowByRow(parts), dim)));
    });
    it('top sessions', () => {
      expect(normal(topSessions(scope, parts, 10))).toEqual(normal(topSessions(scope, rowByRow(parts), 10)));
    });
  });

  it('a range edge on a row: rows at `from` are in, rows at `to` are out', () => {
    const at = history.facts.at[Math.floor(history.facts.length / 3)] as number;
    for (const params of [q({ from: at, to: at + DAY }), q({ from: at - DAY, to: at })]) {
      const { scope, parts } = parseScope(store, params);
      expect(normal(breakdown(scope, parts, 'strategy'))).toEqual(normal(breakdown(scope, rowByRow(parts), 'strategy')));
    }
  });

  it('forRange covers every row in the range once, whole days from cells', () => {
    const cells = dayCells(
      history,
      'test:count',
      () => ({ n: 0 }),
      (cell, lo, hi) => (cell.n += hi - lo),
    );
    for (const [from, to] of [
      [ANCHOR - 9 * DAY - 1234, ANCHOR - 5],
      [Math.floor(ANCHOR / DAY) * DAY - 2 * DAY, Math.floor(ANCHOR / DAY) * DAY],
      [0, ANCHOR + DAY],
    ] as const) {
      let n = 0;
      forRange(history, cells, from, to, (cell) => (n += cell.n), (lo, hi) => (n += hi - lo));
      expect(n).toBe(history.facts.at.filter((t) => t >= from && t < to).length);
    }
  });

  it('a flag or a rollback on a history row refills only its day, and the answers follow it', () => {
    let row = Math.floor(history.facts.length / 2);
    while (history.facts.rolledBack[row] === 1) row++;
    const wasBad = history.facts.flag[row] === flagCode('bad');
    const day = Math.floor((history.facts.at[row] as number) / DAY);
    const cells = breakdownCells(history, 'strategy');
    const other = cells.cell(day - 1);
    const params = q({ from: ANCHOR - 20 * DAY, to: ANCHOR });
    const { scope, parts } = parseScope(store, params);
    const before = breakdown(scope, parts, 'strategy').rows.reduce((n, r) => n + r.events, 0);
    const flaggedBad = breakdown(scope, parts, 'strategy').rows.reduce((n, r) => n + r.flags.bad, 0);
    applyEdit(history, row, { operator_flag: 'bad', operator_notes: null, flagged_by: 'test', flagged_at: new Date(ANCHOR).toISOString(), version: 2, rolled_back: false });
    const flagged = breakdown(scope, parts, 'strategy');
    expect(normal(flagged)).toEqual(normal(breakdown(scope, rowByRow(parts), 'strategy')));
    expect(flagged.rows.reduce((n, r) => n + r.flags.bad, 0)).toBe(flaggedBad + (wasBad ? 0 : 1));
    expect(breakdownCells(history, 'strategy').cell(day - 1)).toBe(other);
    applyEdit(history, row, { operator_flag: 'bad', operator_notes: null, flagged_by: 'test', flagged_at: new Date(ANCHOR).toISOString(), version: 3, rolled_back: true });
    const after = breakdown(scope, parts, 'strategy');
    expect(normal(after)).toEqual(normal(breakdown(scope, rowByRow(parts), 'strategy')));
    expect(after.rows.reduce((n, r) => n + r.events, 0)).toBe(before - 1);
    expect(normal(topSessions(scope, parts, 10))).toEqual(normal(topSessions(scope, rowByRow(parts), 10)));
  });
});
