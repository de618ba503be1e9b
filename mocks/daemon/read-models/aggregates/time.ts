import { DaemonError } from '../../errors';

/**
 * Time buckets in the operator's time zone: a `tz` parameter is an IANA zone (Europe/Paris) or a
 * fixed offset (+02:00, -0530, UTC). Boundaries are computed in the zone's wall-clock time and
 * converted to UTC, so a day bucket runs from local midnight to local midnight (23 or 25 hours
 * across a DST change) and a week starts on Monday.
 */

export interface Zone {
  name: string;
  /** Minutes east of UTC at the instant `ms`. */
  offsetAt(ms: number): number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const BUCKETS = { '5m': 5 * MINUTE, '15m': 15 * MINUTE, '1h': HOUR, '3h': 3 * HOUR, '6h': 6 * HOUR, '12h': 12 * HOUR, '1d': DAY, '7d': 7 * DAY } as const;
export type Bucket = keyof typeof BUCKETS;
export const BUCKET_NAMES = Object.keys(BUCKETS) as Bucket[];

/** Automatic bucket: the finest that gives at most this many buckets over the range. */
export const MAX_AUTO_BUCKETS = 48;
/** Any bucket: at most this many (a 5-minute bucket over a year is refused). */
export const MAX_BUCKETS = 2_000;

const UTC: Zone = { name: 'UTC', offsetAt: () => 0 };

function fixed(name: string, minutes: number): Zone {
  return { name, offsetAt: () => minutes };
}

function iana(name: string): Zone {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone: name, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  } catch {
    throw new DaemonError(400, 'invalid_request', `tz "${name}" is neither an IANA time zone nor an offset like +02:00`, { field: 'tz' });
  }
  const cache = new Map<number, number>();
  return {
    name: format.resolvedOptions().timeZone,
    offsetAt(ms) {
      // Offsets change at most on whole minutes; cache per minute.
      const key = Math.floor(ms / MINUTE);
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const parts: Record<string, number> = {};
      for (const p of format.formatToParts(new Date(key * MINUTE))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
      const wall = Date.UTC(parts.year as number, (parts.month as number) - 1, parts.day as number, parts.hour as number, parts.minute as number, parts.second as number);
      const offset = Math.round((wall - key * MINUTE) / MINUTE);
      if (cache.size > 10_000) cache.clear();
      cache.set(key, offset);
      return offset;
    },
  };
}

export function parseZone(tz: string | null): Zone {
  if (tz === null || tz === '' || tz === 'UTC' || tz === 'Z') return UTC;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(tz);
  if (m) {
    const minutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
    if (Math.abs(minutes) > 14 * 60) throw new DaemonError(400, 'invalid_request', `tz offset ${tz} is out of range`, { field: 'tz' });
    return fixed(tz, minutes);
  }
  return iana(tz);
}

/** The zone's wall-clock time of an instant, as if it were UTC. */
function wallOf(zone: Zone, ms: number): number {
  return ms + zone.offsetAt(ms) * MINUTE;
}

/** The instant a wall-clock time happens in the zone (the later reading across a DST gap or overlap). */
function instantOf(zone: Zone, wall: number): number {
  const guess = wall - zone.offsetAt(wall) * MINUTE;
  return wall - zone.offsetAt(guess) * MINUTE;
}

/** Start of the bucket that holds `ms` (local wall clock). */
function floorWall(wall: number, bucket: Bucket): number {
  const size = BUCKETS[bucket];
  if (bucket === '7d') {
    const day = Math.floor(wall / DAY) * DAY;
    const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0
    return day - weekday * DAY;
  }
  return Math.floor(wall / size) * size;
}

/** The smallest bucket giving at most MAX_AUTO_BUCKETS over [from, to). */
export function pickBucket(from: number, to: number): Bucket {
  const span = Math.max(1, to - from);
  return BUCKET_NAMES.find((b) => Math.ceil(span / BUCKETS[b]) <= MAX_AUTO_BUCKETS) ?? '7d';
}

/**
 * Bucket boundaries covering [from, to): starts[0] ≤ from, starts[k] < to, and the end of the
 * last bucket as the final element (so bucket k is [b[k], b[k+1])).
 */
export function boundaries(from: number, to: number, bucket: Bucket, zone: Zone): Float64Array {
  const size = BUCKETS[bucket];
  const out: number[] = [];
  let wall = floorWall(wallOf(zone, from), bucket);
  let at = instantOf(zone, wall);
  if (at > from) {
    wall -= size;
    at = instantOf(zone, wall);
  }
  out.push(at);
  while (at < to) {
    wall += size;
    const next = instantOf(zone, wall);
    // A DST gap can make two wall-clock hours the same instant: keep the boundaries increasing.
    if (next > at) {
      at = next;
      out.push(at);
    }
    if (out.length > MAX_BUCKETS + 1) {
      throw new DaemonError(400, 'invalid_request', `bucket ${bucket} over this range gives more than ${MAX_BUCKETS} buckets; choose a larger one`, { field: 'bucket' });
    }
  }
  return Float64Array.from(out);
}

export interface Range {
  from: number;
  to: number;
  zone: Zone;
  bucket: Bucket;
  /** Bucket k is [edges[k], edges[k + 1]). */
  edges: Float64Array;
}

function parseInstant(raw: string | null, field: string): number | null {
  if (raw === null || raw === '') return null;
  const ms = Date.parse(raw);
  if (!Number.isFinite(ms) || !/^\d{4}-\d{2}-\d{2}/.test(raw)) throw new DaemonError(400, 'invalid_request', `${field} must be an ISO 8601 date-time`, { field });
  return ms;
}

/**
 * from/to/tz/bucket of a request. Absent from: the earliest event in scope (`earliest`);
 * absent to: just after the latest event or now (rounded up to the hour), whichever is later.
 */
export function parseRange(params: URLSearchParams, bounds: { earliest: number | null; latest: number | null; now: number }): Range {
  const zone = parseZone(params.get('tz'));
  // Now rounded up to the hour: an open range resolves alike for an hour, so its answer can be kept (result-cache.ts).
  const to = parseInstant(params.get('to'), 'to') ?? Math.max(Math.ceil(bounds.now / HOUR) * HOUR, (bounds.latest ?? bounds.now) + 1);
  const from = parseInstant(params.get('from'), 'from') ?? Math.min(bounds.earliest ?? to - 30 * DAY, to - 1);
  if (from >= to) throw new DaemonError(400, 'invalid_request', 'from must be before to', { field: 'from' });
  const rawBucket = params.get('bucket');
  if (rawBucket !== null && !(rawBucket in BUCKETS)) {
    throw new DaemonError(400, 'invalid_request', `bucket "${rawBucket}" is not one of ${BUCKET_NAMES.join(', ')}`, { field: 'bucket' });
  }
  const bucket = (rawBucket as Bucket | null) ?? pickBucket(from, to);
  return { from, to, zone, bucket, edges: boundaries(from, to, bucket, zone) };
}

/** Index of the bucket holding `ms` (ms must lie in [edges[0], edges[last])). */
export function bucketOf(edges: Float64Array, ms: number): number {
  let lo = 0;
  let hi = edges.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if ((edges[mid] as number) <= ms) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** A date-time query parameter (`fallback` when absent); anything but ISO 8601 is a 400 naming the parameter. */
export function instantParam(params: URLSearchParams, name: string, fallback: number): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  const ms = Date.parse(raw);
  if (!Number.isFinite(ms) || !/^\d{4}-\d{2}-\d{2}/.test(raw)) throw new DaemonError(400, 'invalid_request', `${name} must be an ISO 8601 date-time`, { field: name });
  return ms;
}
