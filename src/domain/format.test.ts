import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatCounted,
  formatDateTime,
  formatDuration,
  formatPercent,
  formatRatio,
  formatThreshold,
  formatRelativeTime,
  formatTokens,
  formatUsd,
} from './format';

describe('format', () => {
  it('formats tokens compactly', () => {
    expect(formatTokens(0)).toBe('0');
    expect(formatTokens(950)).toBe('950');
    expect(formatTokens(1_000)).toBe('1k');
    expect(formatTokens(12_345)).toBe('12.3k');
    expect(formatTokens(128_000)).toBe('128k');
    expect(formatTokens(170_251)).toBe('170k');
    expect(formatTokens(1_500_000)).toBe('1.5M');
  });

  it('formats money with cents, or four decimals below a dollar', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.0123)).toBe('$0.0123');
    expect(formatUsd(0.5)).toBe('$0.5000');
    expect(formatUsd(1.234)).toBe('$1.23');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(Number.POSITIVE_INFINITY)).toBe('unknown');
    expect(formatUsd(Number.NaN)).toBe('unknown');
  });

  it('formats ratios, percentages and counts', () => {
    expect(formatRatio(0.85)).toBe('0.85');
    expect(formatRatio(0.6)).toBe('0.60');
    expect(formatPercent(0.853)).toBe('85\u00a0%');
    expect(formatThreshold(0.85)).toBe('85\u00a0%');
    expect(formatThreshold(0.855)).toBe('85.5\u00a0%');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCounted(1, 'event')).toBe('1 event');
    expect(formatCounted(2301, 'event')).toBe('2,301 events');
    expect(formatCounted(0, 'summary', 'summaries')).toBe('0 summaries');
  });

  it('writes counts and dollars exactly as Intl.NumberFormat en-US does, without building one', () => {
    const count = new Intl.NumberFormat('en-US');
    const dollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // Halves at every decimal (1.0005 is just below its half in binary, 2.675 too), signs, zeros, big and huge values.
    const fixed = [0, -0, 1, -1, 999, 1000, -1000, 12345.6789, 0.0005, 1.0005, 1.0015, 2.675, -2.675, 999999.9995, 1234567.891, -0.0001, 1e15 + 0.5, 2 ** 53, 1e20, 1e21, -3e22, 1e-7];
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const drawn = Array.from({ length: 2000 }, (_, i) => (random() - 0.5) * 10 ** (i % 12) * (i % 3 === 0 ? 1 : 1 + random()));
    for (const value of [...fixed, ...drawn, ...drawn.map((v) => Math.round(v * 1000) / 1000 + 0.0005)]) {
      expect(formatCount(value), String(value)).toBe(count.format(value));
      if (Math.abs(value) >= 1) expect(formatUsd(value), String(value)).toBe(`$${dollars.format(value)}`);
    }
  });

  it('formats durations', () => {
    expect(formatDuration(340)).toBe('340 ms');
    expect(formatDuration(1234)).toBe('1.2 s');
    expect(formatDuration(2000)).toBe('2 s');
    expect(formatDuration(95_000)).toBe('1 min 35 s');
    expect(formatDuration(120_000)).toBe('2 min');
  });

  it('formats times relative to now, however old (a column never mixes relative times and dates)', () => {
    const now = Date.parse('2026-06-10T12:00:00Z');
    expect(formatRelativeTime('2026-06-10T11:59:58Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-06-10T12:01:00Z', now)).toBe('just now');
    expect(formatRelativeTime('2099-01-01T00:00:00Z', now)).toMatch(/2099.*\(in the future\)$/);
    expect(formatRelativeTime('2026-06-10T11:59:18Z', now)).toBe('42 s ago');
    expect(formatRelativeTime('2026-06-10T11:55:00Z', now)).toBe('5 min ago');
    expect(formatRelativeTime('2026-06-10T09:00:00Z', now)).toBe('3 h ago');
    expect(formatRelativeTime('2026-06-08T12:00:00Z', now)).toBe('2 d ago');
    expect(formatRelativeTime('2026-01-01T00:00:00Z', now)).toBe('5 mo ago');
    expect(formatRelativeTime('2024-03-01T00:00:00Z', now)).toBe('2 y ago');
    expect(formatDateTime('2026-06-01T10:04:05.120Z')).toBe('2026-06-01 10:04:05 UTC');
  });
});
