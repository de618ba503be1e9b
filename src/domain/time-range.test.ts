import { describe, expect, it } from 'vitest';
import { DEFAULT_RANGE, readTimeRange, resolveTimeRange, timeRangeLabel, writeTimeRange } from './time-range';

const NOW = Date.parse('2026-11-22T20:55:12.345Z');

describe('time range in the URL', () => {
  it('defaults to the last 7 days and leaves the default out of the URL', () => {
    expect(readTimeRange(new URLSearchParams(''))).toEqual(DEFAULT_RANGE);
    expect(writeTimeRange(new URLSearchParams('project=a&range=24h'), DEFAULT_RANGE).toString()).toBe('project=a');
  });

  it('reads spans and drops unknown ones', () => {
    expect(readTimeRange(new URLSearchParams('range=24h'))).toEqual({ kind: 'span', span: '24h' });
    expect(readTimeRange(new URLSearchParams('range=3w'))).toEqual(DEFAULT_RANGE);
  });

  it('a custom range wins over a span, normalised to ISO; an invalid from is ignored', () => {
    const params = new URLSearchParams('range=24h&from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z');
    expect(readTimeRange(params)).toEqual({ kind: 'custom', from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' });
    expect(readTimeRange(new URLSearchParams('from=yesterday'))).toEqual(DEFAULT_RANGE);
  });

  it('round-trips a custom range, replacing the span', () => {
    const written = writeTimeRange(new URLSearchParams('range=30d'), { kind: 'custom', from: '2026-11-01T00:00:00.000Z', to: null });
    expect(written.get('range')).toBeNull();
    expect(readTimeRange(written)).toEqual({ kind: 'custom', from: '2026-11-01T00:00:00.000Z', to: null });
  });
});

describe('resolveTimeRange', () => {
  it('ends a span at now rounded up to the minute (one cache key per minute)', () => {
    expect(resolveTimeRange({ kind: 'span', span: '24h' }, NOW)).toEqual({ from: '2026-11-21T20:56:00.000Z', to: '2026-11-22T20:56:00.000Z' });
    expect(resolveTimeRange({ kind: 'span', span: '7d' }, NOW + 1000)).toEqual(resolveTimeRange({ kind: 'span', span: '7d' }, NOW));
  });

  it('all time asks for the daemon default; a custom range is passed as is', () => {
    expect(resolveTimeRange({ kind: 'span', span: 'all' }, NOW)).toEqual({});
    expect(resolveTimeRange({ kind: 'custom', from: 'a', to: null }, NOW)).toEqual({ from: 'a' });
  });

  it('labels spans and custom ranges', () => {
    expect(timeRangeLabel({ kind: 'span', span: '30d' })).toBe('Last 30 days');
    expect(timeRangeLabel({ kind: 'custom', from: '2026-11-01T00:00:00.000Z', to: null })).toBe('2026-11-01 00:00 – now UTC');
  });
});
