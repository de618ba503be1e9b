import { describe, expect, it } from 'vitest';
import { fallbackKind } from '../stats';
import { breakdown } from './breakdown';
import { DIMENSIONS } from './breakdown-groups';
import { reasonKind } from './counts';
import { compactionHealth } from './health';
import { parseScope } from './scope';
import { INT_EXACT, INT_RELATIVE_ERROR, RATIO_ERROR } from './sketch';
import { topSessions } from './top-sessions';
import { allRecords, allSilent, ANCHOR, naivePercentile, testStore, type NaiveRecord, type NaiveSilent } from './test-support';

const store = testStore();
const records = allRecords(store);
const silent = allSilent(store);
const HOUR = 3_600_000;

interface Q {
  project_id?: string;
  session_id?: string;
  agent_path?: string;
  from?: number;
  to?: number;
  tz?: string;
  bucket?: string;
}

function params(q: Q): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, typeof v === 'number' ? new Date(v).toISOString() : v);
  return p;
}

function inScope(q: Q, from: number, to: number) {
  return (e: { session_id: string; project_id: string; agent_path: string }, at: number) =>
    (!q.project_id || e.project_id === q.project_id) && (!q.session_id || e.session_id === q.session_id) && (!q.agent_path || e.agent_path === q.agent_path) && at >= from && at < to;
}

function scoped(q: Q) {
  const { scope, parts } = parseScope(store, params(q));
  const keep = inScope(q, scope.range.from, scope.range.to);
  const recs = records.filter((r) => !r.rolled_back && keep(r, Date.parse(r.created_at)));
  const sil = silent.filter((s) => keep(s, s.at));
  return { scope, parts, recs, sil };
}

const QUERIES: [string, Q][] = [
  ['all projects, all time', {}],
  ['one project, last 7 days, Paris', { project_id: 'payments-api', from: ANCHOR - 7 * 24 * HOUR, to: ANCHOR, tz: 'Europe/Paris' }],
  ['one session, one agent', { session_id: 'ses_live_a', agent_path: 'primary' }],
  ['live project, hourly', { project_id: 'live', from: ANCHOR - 48 * HOUR, to: ANCHOR, bucket: '1h' }],
  ['offset zone, 6h buckets', { from: ANCHOR - 10 * 24 * HOUR, to: ANCHOR, tz: '+05:30', bucket: '6h' }],
];

const count = <T>(items: T[], key: (x: T) => string) => {
  const m = new Map<string, number>();
  for (const x of items) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
};
/** A sketched whole-number percentile: exact below INT_EXACT, within INT_RELATIVE_ERROR above. */
const within = (got: number, want: number) => (want < INT_EXACT ? got === want : Math.abs(got - want) <= want * INT_RELATIVE_ERROR);
const asMap = (rows: { key: string; count: number }[]) => new Map(rows.map((r) => [r.key, r.count]));

describe.each(QUERIES)('compaction health against brute force: %s', (_name, q) => {
  const { scope, parts, recs, sil } = scoped(q);
  const health = compactionHealth(scope, parts);

  it('totals, rates and flag mix', () => {
    const noops = sil.filter((s) => s.kind === 'noop').length;
    const failures = sil.length - noops;
    const fallbacks = recs.filter((r) => r.fallback_occurred).length;
    expect(health.totals).toMatchObject({ events: recs.length, noops, failures, fallbacks });
    expect(health.totals.tokens_saved).toBe(recs.reduce((n, r) => n + Math.max(0, r.threshold_estimate - r.after_estimate), 0));
    expect(health.totals.compactor_usd).toBeCloseTo(recs.reduce((n, r) => n + r.cost_usd, 0), 5);
    expect(health.totals.sessions).toBe(new Set([...recs.map((r) => r.session_id), ...sil.map((s) => s.session_id)]).size);
    expect(health.totals.fallback_rate).toBeCloseTo(recs.length ? fallbacks / recs.length : 0, 12);
    expect(health.totals.failure_rate).toBeCloseTo(recs.length + sil.length ? failures / (recs.length + sil.length) : 0, 12);
    expect(health.totals.flags).toEqual({
      good: recs.filter((r) => r.operator_flag === 'good').length,
      bad: recs.filter((r) => r.operator_flag === 'bad').length,
      neutral: recs.filter((r) => r.operator_flag === 'neutral').length,
      unrated: recs.filter((r) => r.operator_flag === null).length,
    });
  });

  it('every event falls in exactly one bucket; per-bucket counts by strategy and trigger match', () => {
    const buckets = health.series.map((b) => [Date.parse(b.start), Date.parse(b.end)] as const);
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]?.[0]).toBe(buckets[i - 1]?.[1]);
    const bucketOf = (at: number) => buckets.findIndex(([a, b]) => at >= a && at < b);
    health.series.forEach((b, i) => {
      const inBucket = recs.filter((r) => bucketOf(Date.parse(r.created_at)) === i);
      expect(b.events).toBe(inBucket.length);
      for (const [k, v] of Object.entries(b.by_strategy)) expect(v).toBe(inBucket.filter((r) => r.strategy === k).length);
      for (const [k, v] of Object.entries(b.by_trigger)) expect(v).toBe(inBucket.filter((r) => r.trigger === k).length);
      expect(b.tokens_saved).toBe(inBucket.reduce((n, r) => n + Math.max(0, r.threshold_estimate - r.after_estimate), 0));
      expect(b.noops).toBe(sil.filter((s) => s.kind === 'noop' && bucketOf(s.at) === i).length);
      expect(b.failures).toBe(sil.filter((s) => s.kind === 'failed' && bucketOf(s.at) === i).length);
    });
    expect(health.series.reduce((n, b) => n + b.events, 0)).toBe(recs.length);
  });

  it('distributions: nearest-rank percentiles and bin counts', () => {
    const ratios = recs.map((r) => (r.threshold_estimate > 0 ? r.after_estimate / r.threshold_estimate : 1));
    expect(Math.abs(health.compression_ratio.p50 - naivePercentile(ratios, 50))).toBeLessThanOrEqual(RATIO_ERROR + 1e-12);
    expect(Math.abs(health.compression_ratio.p95 - naivePercentile(ratios, 95))).toBeLessThanOrEqual(RATIO_ERROR + 1e-12);
    for (const bin of health.compression_ratio.bins) expect(bin.count).toBe(ratios.filter((v) => v >= bin.from && (bin.to === null || v < bin.to)).length);
    const tokens = recs.flatMap((r) => (r.summary_tokens === null ? [] : [r.summary_tokens]));
    expect(health.summary_tokens.count).toBe(tokens.length);
    expect(within(health.summary_tokens.p50, naivePercentile(tokens, 50))).toBe(true);
    expect(within(health.summary_tokens.p95, naivePercentile(tokens, 95))).toBe(true);
    expect(health.summary_tokens.bins.reduce((n, b) => n + b.count, 0)).toBe(tokens.length);
  });

  it('hook timings per plugin and hook', () => {
    const fired = recs.flatMap((r) => r.plugins_fired);
    const groups = new Map<string, typeof fired>();
    for (const p of fired) groups.set(`${p.name} ${p.hook}`, [...(groups.get(`${p.name} ${p.hook}`) ?? []), p]);
    expect(health.hook_timings.map((h) => `${h.plugin} ${h.hook}`).sort()).toEqual([...groups.keys()].sort());
    for (const h of health.hook_timings) {
      const list = groups.get(`${h.plugin} ${h.hook}`) ?? [];
      const ms = list.map((p) => p.duration_ms);
      expect(h).toMatchObject({ count: list.length, max_ms: Math.max(...ms), errors: list.filter((p) => p.result_kind === 'error').length });
      expect(within(h.p50_ms, naivePercentile(ms, 50))).toBe(true);
      expect(within(h.p95_ms, naivePercentile(ms, 95))).toBe(true);
    }
  });

  it('no-ops, failures and fallback reasons', () => {
    const bySilent = (kind: NaiveSilent['kind'], key: (s: NaiveSilent) => string) => count(sil.filter((s) => s.kind === kind), key);
    expect(asMap(health.noops.by_strategy)).toEqual(bySilent('noop', (s) => s.strategy));
    expect(asMap(health.failures.by_reason)).toEqual(bySilent('failed', (s) => reasonKind(s.reason)));
    expect(asMap(health.fallback_reasons)).toEqual(count(recs.filter((r) => r.fallback_occurred), fallbackKind));
  });

  it.each(DIMENSIONS)('breakdown by %s', (dim) => {
    const table = breakdown(scope, parts, dim);
    const keysOf = (r: NaiveRecord): (string | null)[] => {
      switch (dim) {
        case 'strategy':
          return [r.strategy];
        case 'trigger':
          return [r.trigger];
        case 'agent_path':
          return [r.agent_path];
        case 'summarizer_model':
          return [r.summarizer_model];
        case 'plugin':
          return [...new Set(r.plugins_fired.map((p) => p.name))];
        case 'plugin_version':
          return [...new Set(r.plugins_fired.map((p) => `${p.name}@${p.version ?? (p.name === 'hindsight' ? '0.4.2' : p.name === 'memory-markdown' ? '1.2.0' : '0.9.0')}`))];
      }
    };
    const groups = new Map<string | null, NaiveRecord[]>();
    for (const r of recs) for (const k of keysOf(r)) groups.set(k, [...(groups.get(k) ?? []), r]);
    const withEvents = table.rows.filter((row) => row.events > 0);
    expect(new Set(withEvents.map((row) => row.key))).toEqual(new Set(groups.keys()));
    for (const row of withEvents) {
      const g = groups.get(row.key) ?? [];
      expect(row.events).toBe(g.length);
      // Medians are sketched (sketch.ts): exact below INT_EXACT, within the stated bounds above.
      expect(within(row.median_tokens_saved, naivePercentile(g.map((r) => Math.max(0, r.threshold_estimate - r.after_estimate)), 50))).toBe(true);
      expect(Math.abs(row.median_ratio - naivePercentile(g.map((r) => r.after_estimate / r.threshold_estimate), 50))).toBeLessThanOrEqual(RATIO_ERROR + 1e-12);
      expect(within(row.median_duration_ms, naivePercentile(g.map((r) => r.duration_ms), 50))).toBe(true);
      expect(row.fallbacks).toBe(g.filter((r) => r.fallback_occurred).length);
      expect(row.cost_usd).toBeCloseTo(g.reduce((n, r) => n + r.cost_usd, 0), 5);
      expect(row.flags.unrated + row.flags.good + row.flags.bad + row.flags.neutral).toBe(g.length);
      expect(row.flags.bad).toBe(g.filter((r) => r.operator_flag === 'bad').length);
      // Re-read after compaction: only the events a transcript measured count; the rest are not measured (not 0).
      const measured = g.filter((r) => r.reread_after !== null);
      expect(row.reread_events).toBe(measured.length);
      expect(row.reread_calls).toBe(measured.reduce((n, r) => n + r.reread_after!.adjusted.calls, 0));
      expect(row.reread_tokens).toBe(measured.reduce((n, r) => n + r.reread_after!.adjusted.tokens, 0));
    }
    if (dim === 'strategy' || dim === 'agent_path' || dim === 'trigger') {
      const key = (s: NaiveSilent) => (dim === 'strategy' ? s.strategy : dim === 'trigger' ? s.trigger : s.agent_path);
      for (const row of table.rows) {
        expect(row.noops).toBe(sil.filter((s) => s.kind === 'noop' && key(s) === row.key).length);
        expect(row.failures).toBe(sil.filter((s) => s.kind === 'failed' && key(s) === row.key).length);
      }
    }
    // Largest first.
    expect(withEvents.map((r) => r.events)).toEqual([...withEvents.map((r) => r.events)].sort((a, b) => b - a));
  });

  it('top sessions by cost and by count', () => {
    const top = topSessions(scope, parts, 5);
    const ids = [...new Set([...recs.map((r) => r.session_id), ...sil.map((s) => s.session_id)])];
    const stats = ids.map((id) => ({ id, events: recs.filter((r) => r.session_id === id).length, cost: recs.filter((r) => r.session_id === id).reduce((n, r) => n + r.cost_usd, 0) }));
    const byCount = [...stats].sort((a, b) => b.events - a.events || (a.id < b.id ? -1 : 1)).slice(0, 5);
    expect(top.by_count.map((s) => [s.session_id, s.events])).toEqual(byCount.map((s) => [s.id, s.events]));
    const byCost = [...stats].sort((a, b) => Math.round(b.cost * 1e6) - Math.round(a.cost * 1e6) || (a.id < b.id ? -1 : 1)).slice(0, 5);
    expect(top.by_cost.map((s) => s.session_id)).toEqual(byCost.map((s) => s.id));
  });
});

describe('edge cases', () => {
  it('an empty range answers zeros, empty distributions and empty buckets', () => {
    const { scope, parts } = parseScope(store, params({ from: ANCHOR + 24 * HOUR, to: ANCHOR + 48 * HOUR }));
    const health = compactionHealth(scope, parts);
    expect(health.totals).toMatchObject({ events: 0, sessions: 0, noops: 0, failures: 0, fallback_rate: 0, failure_rate: 0 });
    expect(health.compression_ratio).toMatchObject({ count: 0, p50: 0, p95: 0 });
    expect(health.summary_tokens.bins).toEqual([]);
    expect(health.series.every((b) => b.events === 0)).toBe(true);
    expect(breakdown(scope, parts, 'strategy').rows).toEqual([]);
    expect(topSessions(scope, parts, 10).by_cost).toEqual([]);
  });

  it('a project without sessions answers zeros', () => {
    const { scope, parts } = parseScope(store, params({ project_id: 'empty' }));
    expect(compactionHealth(scope, parts).totals.events).toBe(0);
  });

  it('one event: its own median and percentiles', () => {
    const one = records.find((r) => r.session_id === 'ses_live_c' && !r.rolled_back) as NaiveRecord;
    const at = Date.parse(one.created_at);
    const { scope, parts } = parseScope(store, params({ session_id: 'ses_live_c', from: at, to: at + 1 }));
    const health = compactionHealth(scope, parts);
    const same = records.filter((r) => r.session_id === 'ses_live_c' && r.created_at === one.created_at && !r.rolled_back);
    expect(health.totals.events).toBe(same.length);
    if (same.length === 1) {
      expect(Math.abs(health.compression_ratio.p50 - one.after_estimate / one.threshold_estimate)).toBeLessThanOrEqual(RATIO_ERROR + 1e-12);
      expect(breakdown(scope, parts, 'strategy').rows[0]).toMatchObject({ key: one.strategy, events: 1, median_duration_ms: one.duration_ms });
    }
  });

  it('rejects a bad range, zone or bucket with the field named', () => {
    expect(() => parseScope(store, params({ from: ANCHOR, to: ANCHOR - 1 }))).toThrow(/from must be before to/);
    expect(() => parseScope(store, params({ tz: 'Mars/Olympus' }))).toThrow(/tz/);
    expect(() => parseScope(store, params({ bucket: '2d' }))).toThrow(/bucket/);
    expect(() => parseScope(store, params({ bucket: '5m', from: ANCHOR - 365 * 24 * HOUR, to: ANCHOR }))).toThrow(/more than/);
    expect(() => parseScope(store, params({ project_id: 'nope' }))).toThrow(/No project/);
  });
});
