import { describe, expect, it } from 'vitest';
import { boundaries, bucketOf, parseZone, pickBucket } from './time';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (edges: Float64Array) => Array.from(edges, (ms) => new Date(ms).toISOString());

describe('time buckets in the operator zone', () => {
  it('picks a bucket that suits the range', () => {
    const to = Date.UTC(2026, 10, 22);
    expect(pickBucket(to - 6 * HOUR, to)).toBe('15m');
    expect(pickBucket(to - DAY, to)).toBe('1h');
    expect(pickBucket(to - 7 * DAY, to)).toBe('6h');
    expect(pickBucket(to - 30 * DAY, to)).toBe('1d');
    expect(pickBucket(to - 90 * DAY, to)).toBe('7d');
  });

  it('UTC day buckets start at midnight UTC', () => {
    const edges = boundaries(Date.UTC(2026, 9, 24, 13), Date.UTC(2026, 9, 26, 2), '1d', parseZone(null));
    expect(iso(edges)).toEqual(['2026-10-24T00:00:00.000Z', '2026-10-25T00:00:00.000Z', '2026-10-26T00:00:00.000Z', '2026-10-27T00:00:00.000Z']);
  });

  it('Europe/Paris day buckets follow local midnight across the end of summer time (a 25-hour day)', () => {
    const zone = parseZone('Europe/Paris');
    const edges = boundaries(Date.UTC(2026, 9, 24, 12), Date.UTC(2026, 9, 26, 12), '1d', zone);
    expect(iso(edges)).toEqual(['2026-10-23T22:00:00.000Z', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', '2026-10-26T23:00:00.000Z']);
    // 23:30 local on the 25th is still the 25th; 00:30 local is the 26th.
    expect(bucketOf(edges, Date.parse('2026-10-25T22:30:00Z'))).toBe(1);
    expect(bucketOf(edges, Date.parse('2026-10-25T23:30:00Z'))).toBe(2);
  });

  it('and across the start of summer time (a 23-hour day)', () => {
    const edges = boundaries(Date.UTC(2026, 2, 28, 12), Date.UTC(2026, 2, 30, 1), '1d', parseZone('Europe/Paris'));
    expect(iso(edges)).toEqual(['2026-03-27T23:00:00.000Z', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', '2026-03-30T22:00:00.000Z']);
  });

  it('fixed offsets, hour buckets on a half-hour zone, and weeks from Monday', () => {
    expect(iso(boundaries(Date.UTC(2026, 10, 20, 19), Date.UTC(2026, 10, 21, 19), '1d', parseZone('+05:30')))).toEqual(['2026-11-20T18:30:00.000Z', '2026-11-21T18:30:00.000Z', '2026-11-22T18:30:00.000Z']);
    expect(iso(boundaries(Date.UTC(2026, 10, 20, 10, 10), Date.UTC(2026, 10, 20, 11), '1h', parseZone('+0530')))).toEqual(['2026-11-20T09:30:00.000Z', '2026-11-20T10:30:00.000Z', '2026-11-20T11:30:00.000Z']);
    // 2026-11-22 is a Sunday: its week began on Monday the 16th.
    expect(iso(boundaries(Date.UTC(2026, 10, 22, 10), Date.UTC(2026, 10, 22, 11), '7d', parseZone('UTC')))).toEqual(['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
    expect(iso(boundaries(Date.UTC(2026, 10, 22, 10), Date.UTC(2026, 10, 22, 11), '7d', parseZone('-08:00')))).toEqual(['2026-11-16T08:00:00.000Z', '2026-11-23T08:00:00.000Z']);
  });

  it('an event exactly on a boundary belongs to the bucket it starts', () => {
    const edges = boundaries(Date.UTC(2026, 10, 20), Date.UTC(2026, 10, 22), '1d', parseZone(null));
    expect(bucketOf(edges, Date.UTC(2026, 10, 21))).toBe(1);
    expect(bucketOf(edges, Date.UTC(2026, 10, 21) - 1)).toBe(0);
  });

  it('refuses unknown zones and offsets out of range', () => {
    expect(() => parseZone('Mars/Olympus_Mons')).toThrow(/tz/);
    expect(() => parseZone('+15:00')).toThrow(/out of range/);
    expect(parseZone('Z').name).toBe('UTC');
  });
});
