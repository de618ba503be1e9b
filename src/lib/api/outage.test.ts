import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { INITIAL_REACHABILITY, nextReachability, PROBE_INTERVAL_S, suggestsOutage } from './outage';

const http = (status: number) => new ApiError({ kind: 'http', endpoint: 'GET /sessions', status, message: 'x' });

describe('suggestsOutage', () => {
  it('counts the network, time-outs and gateway answers', () => {
    expect(suggestsOutage(new ApiError({ kind: 'network', endpoint: 'GET /x', message: 'Failed to fetch' }))).toBe(true);
    expect(suggestsOutage(new ApiError({ kind: 'timeout', endpoint: 'GET /x', message: 't' }))).toBe(true);
    expect(suggestsOutage(new ApiError({ kind: 'malformed', endpoint: 'GET /x', status: 502, message: 'empty' }))).toBe(true);
    expect(suggestsOutage(http(503))).toBe(true);
    expect(suggestsOutage(http(504))).toBe(true);
  });
  it('leaves what only one endpoint can mean to its panel', () => {
    for (const status of [400, 401, 403, 404, 409, 500]) expect(suggestsOutage(http(status))).toBe(false);
    expect(suggestsOutage(new ApiError({ kind: 'invalid_response', endpoint: 'GET /x', message: 'bad' }))).toBe(false);
    expect(suggestsOutage(new Error('bug'))).toBe(false);
  });
});

describe('nextReachability', () => {
  it('goes up → probing → down, and counts one recovery when the daemon answers again', () => {
    let s = nextReachability(INITIAL_REACHABILITY, { type: 'suspect' });
    expect(s.reachability).toBe('probing');
    s = nextReachability(s, { type: 'probe-failed', now: 1000 });
    expect(s).toMatchObject({ reachability: 'down', nextProbeAt: 1000 + PROBE_INTERVAL_S * 1000 });
    expect(nextReachability(s, { type: 'suspect' })).toBe(s);
    s = nextReachability(s, { type: 'answered' });
    expect(s).toEqual({ reachability: 'up', nextProbeAt: null, recoveries: 1 });
  });
  it('a probe that answers ends a suspicion without counting a recovery', () => {
    const s = nextReachability(nextReachability(INITIAL_REACHABILITY, { type: 'suspect' }), { type: 'answered' });
    expect(s).toEqual(INITIAL_REACHABILITY);
    expect(nextReachability(INITIAL_REACHABILITY, { type: 'answered' })).toBe(INITIAL_REACHABILITY);
  });
});
