import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../domain/contract/types';
import { aggregateQuery, readHealthScope, writeHealthScope } from './health-scope';
import { bucketLabel, distributionBars, healthPoints, stackKeys } from './health-series';

const bucket = (over: Partial<Schemas['HealthBucket']> = {}): Schemas['HealthBucket'] => ({
  start: '2026-11-20T00:00:00.000Z',
  end: '2026-11-21T00:00:00.000Z',
  events: 10,
  by_strategy: { drop: 2, summarize: 6, delegate: 2, checkpoint: 0 },
  by_trigger: { threshold_crossed: 7, provider_overflow_retry: 3, operator_manual: 0, scheduled: 0, hook_requested: 0 },
  tokens_saved: 1000,
  compactor_usd: 0.5,
  primary_usd: 4,
  fallbacks: 1,
  failures: 2,
  noops: 3,
  ...over,
});

describe('health scope in the URL', () => {
  it('reads defaults: all projects, last 7 days, stacked by strategy, breakdown by strategy, daemon spiral defaults', () => {
    expect(readHealthScope(new URLSearchParams())).toEqual({
      project: null,
      origin: null,
      range: { kind: 'span', span: '7d' },
      stackBy: 'strategy',
      dimension: 'strategy',
      spirals: { burstCount: null, burstMinutes: null, inARow: null },
    });
  });

  it('reads and writes the origin filter, and asks the daemon for it', () => {
    const scope = readHealthScope(writeHealthScope(new URLSearchParams(), { origin: 'recorded' }));
    expect(scope.origin).toBe('recorded');
    expect(aggregateQuery(scope, Date.parse('2026-11-27T00:00:00Z'), 'UTC').origin).toBe('recorded');
    expect(readHealthScope(new URLSearchParams('origin=made-up')).origin).toBeNull();
  });

  it('round-trips every field and leaves defaults out', () => {
    const params = writeHealthScope(new URLSearchParams('keep=1'), {
      project: 'infra-ops',
      range: { kind: 'span', span: '30d' },
      stackBy: 'trigger',
      dimension: 'plugin',
      spirals: { burstCount: 3, burstMinutes: 2.5, inARow: 4 },
    });
    expect(params.toString()).toBe('keep=1&project=infra-ops&range=30d&by=trigger&dim=plugin&burst_count=3&burst_minutes=2.5&in_a_row=4');
    expect(readHealthScope(params)).toMatchObject({ project: 'infra-ops', stackBy: 'trigger', dimension: 'plugin', spirals: { burstCount: 3, burstMinutes: 2.5, inARow: 4 } });
    expect(writeHealthScope(params, { project: null, stackBy: 'strategy', dimension: 'strategy', spirals: { burstCount: null, burstMinutes: null, inARow: null } }).toString()).toBe('keep=1&range=30d');
  });

  it('ignores spiral settings the daemon would refuse (N below 2, M not positive, fewer than 1 in a row) and unknown dimensions', () => {
    expect(readHealthScope(new URLSearchParams('burst_count=1&burst_minutes=0&in_a_row=0&dim=plugin_version')).spirals).toEqual({ burstCount: null, burstMinutes: null, inARow: null });
    expect(readHealthScope(new URLSearchParams('dim=nope')).dimension).toBe('strategy');
  });

  it('builds the aggregate query with project, resolved range and zone', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(aggregateQuery({ project: 'p', range: { kind: 'span', span: '24h' } }, now, 'Europe/Paris')).toEqual({
      project_id: 'p',
      from: '2026-11-21T12:00:00.000Z',
      to: '2026-11-22T12:00:00.000Z',
      tz: 'Europe/Paris',
    });
    expect(aggregateQuery({ project: null, range: { kind: 'span', span: 'all' } }, now, 'UTC')).toEqual({ tz: 'UTC' });
  });
});

describe('health series', () => {
  it('stacks by strategy or trigger, every key of the contract in order', () => {
    expect(stackKeys('strategy').map((k) => k.key)).toEqual(['drop', 'summarize', 'delegate', 'checkpoint']);
    const [byTrigger] = healthPoints([bucket()], 'trigger');
    expect(byTrigger?.stack).toEqual({ threshold_crossed: 7, provider_overflow_retry: 3, operator_manual: 0, scheduled: 0, hook_requested: 0 });
  });

  it('rates: fallbacks over recorded events; failures and no-ops over every attempt (they leave no record)', () => {
    const [point] = healthPoints([bucket()], 'strategy');
    expect(point).toMatchObject({ fallbackRate: 0.1, failureRate: 2 / 15, noopRate: 3 / 15, events: 10, label: '11-20' });
  });

  it('an empty bucket has zero rates, not NaN', () => {
    const [point] = healthPoints([bucket({ events: 0, fallbacks: 0, failures: 0, noops: 0 })], 'strategy');
    expect([point?.fallbackRate, point?.failureRate, point?.noopRate]).toEqual([0, 0, 0]);
  });

  it('labels buckets in their own offset: days by date, shorter buckets with the hour', () => {
    expect(bucketLabel('2026-11-20T00:00:00.000+01:00', '2026-11-21T00:00:00.000+01:00')).toBe('11-20');
    expect(bucketLabel('2026-11-20T06:00:00.000Z', '2026-11-20T12:00:00.000Z')).toBe('11-20 06:00');
    // A day with a daylight-saving change is 23 h long and still a day.
    expect(bucketLabel('2026-03-29T00:00:00.000+01:00', '2026-03-30T00:00:00.000+02:00')).toBe('03-29');
  });

  it('trims empty bins at both ends of a distribution and labels the open last bin', () => {
    const dist: Schemas['Distribution'] = {
      count: 5,
      p50: 0.5,
      p95: 1,
      bins: [
        { from: 0, to: 0.5, count: 0 },
        { from: 0.5, to: 0.75, count: 3 },
        { from: 0.75, to: 1, count: 0 },
        { from: 1, to: null, count: 2 },
      ],
    };
    expect(distributionBars(dist, String).map((b) => [b.label, b.count])).toEqual([
      ['0.5–0.75', 3],
      ['0.75–1', 0],
      ['≥ 1', 2],
    ]);
    expect(distributionBars({ ...dist, bins: [{ from: 0, to: 1, count: 0 }] }, String)).toEqual([]);
  });
});
