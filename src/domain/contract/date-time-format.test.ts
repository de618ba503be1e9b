import { fullFormats } from 'ajv-formats/dist/formats';
import { describe, expect, it } from 'vitest';
import { isDateTime } from './date-time-format';

const ajvDateTime = (fullFormats['date-time'] as { validate: (text: string) => boolean }).validate;

describe('isDateTime', () => {
  it.each([
    '2026-11-02T15:49:25.661Z',
    '2026-11-02T15:49:25Z',
    '2026-11-02t15:49:25z',
    '2026-11-02 15:49:25Z',
    '2026-11-02T15:49:25+05:30',
    '2026-11-02T15:49:25-0800',
    '2026-11-02T15:49:25+05',
    '2026-11-02T00:00:00.123456789Z',
    '2024-02-29T12:00:00Z',
    '2000-02-29T12:00:00Z',
    '2016-12-31T23:59:60Z',
    '2016-12-31T23:59:60.5Z',
    '2017-01-01T00:59:60+01:00',
  ])('accepts %s', (text) => {
    expect(isDateTime(text)).toBe(true);
  });

  it.each([
    ['no time zone', '2026-11-02T15:49:25'],
    ['a date alone', '2026-11-02'],
    ['February 29th of a common year', '2023-02-29T12:00:00Z'],
    ['February 29th of 1900', '1900-02-29T12:00:00Z'],
    ['April 31st', '2026-04-31T12:00:00Z'],
    ['month 13', '2026-13-01T12:00:00Z'],
    ['month 0', '2026-00-01T12:00:00Z'],
    ['day 0', '2026-01-00T12:00:00Z'],
    ['hour 24', '2026-11-02T24:00:00Z'],
    ['minute 60', '2026-11-02T15:60:00Z'],
    ['second 60 outside a leap second', '2026-11-02T15:49:60Z'],
    ['an offset of 24 hours', '2026-11-02T15:49:25+24:00'],
    ['an offset of 60 minutes', '2026-11-02T15:49:25+05:60'],
    ['an offset cut short', '2026-11-02T15:49:25+05:3'],
    ['an empty fraction', '2026-11-02T15:49:25.Z'],
    ['two separators', '2026-11-02TT15:49:25Z'],
    ['a separator in the zone', '2026-11-02T15:49:25 Z'],
    ['a short year', '226-11-02T15:49:25Z'],
    ['digits beyond ASCII', '２026-11-02T15:49:25Z'],
    ['a trailing newline', '2026-11-02T15:49:25Z\n'],
    ['nothing', ''],
  ])('refuses %s', (_what, text) => {
    expect(isDateTime(text)).toBe(false);
  });

  it('reads hostile strings of a million characters once (no backtracking: a slow check would outlast the test)', () => {
    for (const text of [`2026-11-02T15:49:25.${'1'.repeat(1_000_000)}`, `${'2'.repeat(1_000_000)}T15:49:25Z`, 't'.repeat(1_000_000), ' '.repeat(1_000_000), `2026-11-02T15:49:25.${'1'.repeat(1_000_000)}Zx`]) {
      expect(isDateTime(text)).toBe(false);
    }
    expect(isDateTime(`2026-11-02T15:49:25.${'1'.repeat(1_000_000)}Z`)).toBe(true);
  });

  it('agrees with ajv-formats on edge cases and 20,000 strings drawn near the format', () => {
    const pieces = ['0', '1', '2', '9', '00', '12', '23', '24', '29', '30', '31', '59', '60', '61', '99', '2016', '2000', '1900', '-', ':', '.', 'T', 't', ' ', '\u00a0', '\u2028', 'Z', 'z', '+', 'x', '５'];
    let seed = 17;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const valid = () => `${pick(['2016', '2024', '1900', '2000', '2023'])}-${pick(['01', '02', '04', '12', '13', '00'])}-${pick(['01', '28', '29', '30', '31', '00'])}${pick(['T', 't', ' ', 'x', '\u3000'])}${pick(['00', '23', '24', '99'])}:${pick(['00', '59', '60'])}:${pick(['00', '59', '60', '61'])}${pick(['', '.5', '.', '.123'])}${pick(['Z', 'z', '', '+01:00', '-01:00', '+0100', '+01', '+24:00', '+01:60', '+1', '-23:59'])}`;
    for (let i = 0; i < 20_000; i += 1) {
      let text = valid();
      // Now and then a piece replaced, inserted or removed somewhere.
      if (next() < 0.5) {
        const at = Math.floor(next() * (text.length + 1));
        const action = next();
        text = action < 0.33 ? text.slice(0, at) + pick(pieces) + text.slice(at + 1) : action < 0.66 ? text.slice(0, at) + pick(pieces) + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
      }
      expect(isDateTime(text), JSON.stringify(text)).toBe(ajvDateTime(text));
    }
  });
});
