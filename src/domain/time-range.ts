/**
 * The time range the aggregated views follow, kept in the URL:
 *
 *   ?range=24h | 7d | 30d | all        a span ending now (default 7d)
 *   ?from=2026-11-01T00:00:00Z&to=…    a custom range (from inclusive, to exclusive)
 *
 * A span is resolved against "now" rounded up to the minute, so queries made within the same
 * minute share their cache key.
 */
export const SPANS = ['24h', '7d', '30d', 'all'] as const;
export type Span = (typeof SPANS)[number];

export type TimeRange = { kind: 'span'; span: Span } | { kind: 'custom'; from: string; to: string | null };

const DEFAULT_SPAN: Span = '7d';
export const DEFAULT_RANGE: TimeRange = { kind: 'span', span: DEFAULT_SPAN };

const SPAN_MS: Record<Exclude<Span, 'all'>, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };

export const SPAN_LABELS: Record<Span, string> = { '24h': 'Last 24 h', '7d': 'Last 7 days', '30d': 'Last 30 days', all: 'All time' };

/** The URL parameters the range owns. */
export const RANGE_PARAMS = ['range', 'from', 'to'] as const;

function validInstant(value: string | null): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export function readTimeRange(params: URLSearchParams): TimeRange {
  const from = validInstant(params.get('from'));
  if (from) return { kind: 'custom', from, to: validInstant(params.get('to')) };
  const span = params.get('range');
  return (SPANS as readonly string[]).includes(span ?? '') ? { kind: 'span', span: span as Span } : DEFAULT_RANGE;
}

/** New params with the range written (other params kept; the default left out). */
export function writeTimeRange(params: URLSearchParams, range: TimeRange): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of RANGE_PARAMS) next.delete(key);
  if (range.kind === 'custom') {
    next.set('from', range.from);
    if (range.to) next.set('to', range.to);
  } else if (range.span !== DEFAULT_SPAN) {
    next.set('range', range.span);
  }
  return next;
}

/** The instants to ask the daemon for (from inclusive, to exclusive); absent: the daemon's default. */
export interface ResolvedRange {
  from?: string;
  to?: string;
}

export function resolveTimeRange(range: TimeRange, now: number): ResolvedRange {
  if (range.kind === 'custom') return range.to ? { from: range.from, to: range.to } : { from: range.from };
  if (range.span === 'all') return {};
  const end = Math.ceil(now / 60_000) * 60_000;
  return { from: new Date(end - SPAN_MS[range.span]).toISOString(), to: new Date(end).toISOString() };
}

/** "Last 7 days", or "2026-11-01 00:00 – 2026-11-02 00:00 UTC". */
export function timeRangeLabel(range: TimeRange): string {
  if (range.kind === 'span') return SPAN_LABELS[range.span];
  const short = (iso: string) => iso.slice(0, 16).replace('T', ' ');
  return `${short(range.from)} – ${range.to ? short(range.to) : 'now'} UTC`;
}
