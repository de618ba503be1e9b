import { describe, expect, it } from 'vitest';
import { applyEdit } from '../../../store/store';
import type { History } from '../../../store/history';
import { compactionHealth, healthAnswer } from './health';
import { HealthSums, TAKE_ALL } from './health-sums';
import { historyPartials } from './health-partials';
import { parseScope } from './scope';
import { ANCHOR, testStore } from './test-support';

const store = testStore();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The same answer read row by row, without the partials. */
function direct(params: URLSearchParams) {
  const { scope, parts } = parseScope(store, params);
  const sums = new HealthSums(scope.range.edges);
  for (const ps of parts) {
    sums.addSilent(ps);
    sums.addRecords(ps.part.facts, ps.sessions, ps.agent, ps.lo, ps.hi, TAKE_ALL);
  }
  return healthAnswer(scope, sums);
}

function merged(params: URLSearchParams) {
  const { scope, parts } = parseScope(store, params);
  return compactionHealth(scope, parts);
}

/** Money sums come out in another order: compare them to the micro-dollar. */
const normal = (x: unknown) => JSON.parse(JSON.stringify(x, (_k, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1e5) / 1e5 : v))) as unknown;

const q = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, typeof v === 'number' ? new Date(v).toISOString() : v]));

const CASES: [string, URLSearchParams][] = [
  ['all time, automatic buckets', q({})],
  ['last 24 h to the hour, hourly', q({ from: ANCHOR - DAY, to: ANCHOR, bucket: '1h' })],
  ['odd minutes, 5-minute buckets', q({ from: ANCHOR - 5 * HOUR - 7 * 60_000, to: ANCHOR - 3 * 60_000 - 1, bucket: '5m' })],
  ['7 days in Paris, daily', q({ from: ANCHOR - 7 * DAY, to: ANCHOR, tz: 'Europe/Paris', bucket: '1d' })],
  ['10 days at +05:30, 6 h buckets (buckets split hours)', q({ from: ANCHOR - 10 * DAY, to: ANCHOR, tz: '+05:30', bucket: '6h' })],
  ['30 days, one project, weekly, New York', q({ project_id: 'payments-api', from: ANCHOR - 30 * DAY + 1234, to: ANCHOR, tz: 'America/New_York', bucket: '7d' })],
  ['a range past the history', q({ from: ANCHOR + DAY, to: ANCHOR + 3 * DAY })],
  ['one millisecond', q({ from: ANCHOR - 2 * DAY, to: ANCHOR - 2 * DAY + 1 })],
];

describe('health partials: merged per-hour and per-day sums answer what reading every row answers', () => {
  it.each(CASES)('%s', (_name, params) => {
    expect(normal(merged(params))).toEqual(normal(direct(params)));
  });

  it('the partials cover every history row once', () => {
    const history = store.history as History;
    const partials = historyPartials(history);
    let events = 0;
    let all = 0;
    for (let day = partials.firstDay; day < partials.endDay; day++) {
      for (let p = 0; p < partials.projects.length; p++) events += partials.day(day, p).ratioCount;
      all += partials.day(day, partials.all).ratioCount;
    }
    expect(all).toBe(events);
    const rolledBack = history.facts.rolledBack.reduce((n, v) => n + v, 0);
    expect(events).toBe(history.facts.length - rolledBack);
    expect(events).toBeGreaterThan(1_000);
  });

  it('a flag or a rollback on a history row changes only its day, and the answer follows it', () => {
    const history = store.history as History;
    const partials = historyPartials(history);
    const row = Math.floor(history.facts.length / 2);
    const day = Math.floor((history.facts.at[row] as number) / DAY);
    const other = partials.day(day - 1, 0);
    const params = q({ from: ANCHOR - 20 * DAY, to: ANCHOR });
    const before = merged(params).totals;
    applyEdit(history, row, { operator_flag: 'bad', operator_notes: null, flagged_by: 'test', flagged_at: new Date(ANCHOR).toISOString(), version: 2, rolled_back: false });
    const flagged = merged(params);
    expect(normal(flagged)).toEqual(normal(direct(params)));
    expect(historyPartials(history).day(day - 1, 0)).toBe(other);
    applyEdit(history, row, { operator_flag: 'bad', operator_notes: null, flagged_by: 'test', flagged_at: new Date(ANCHOR).toISOString(), version: 3, rolled_back: true });
    const after = merged(params);
    expect(normal(after)).toEqual(normal(direct(params)));
    expect(after.totals.events).toBe(before.events - 1);
  });
});
