/**
 * The contract's one string format, `date-time`, as the validators compiled from it check it
 * (compile-validators.ts imports `contractFormats` into every generated module): exactly what
 * ajv-formats' full `date-time` accepts (RFC 3339 with its leniencies: `t`, `T` or whitespace
 * between date and time, an offset's minutes with or without a colon or left out, a leap second at
 * 23:59 UTC), read character by character instead of with its regular expressions, so the
 * validators do not carry ajv-formats' whole table of formats (about 3 KB brotli in each first
 * screen's validator chunk). Linear in the text's length whatever it holds.
 */

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** The number of `count` ASCII digits at `at`, or -1. */
function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i += 1) {
    const code = text.charCodeAt(i);
    if (!(code >= 48 && code <= 57)) return -1;
    value = value * 10 + (code - 48);
  }
  return value;
}

/** `YYYY-MM-DD`, a real day of that month. */
function isDate(text: string): boolean {
  if (text.length !== 10 || text[4] !== '-' || text[7] !== '-') return false;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : (DAYS[month] as number));
}

/** `HH:MM:SS[.fraction]` and a time zone (`Z`, or `+HH`, `+HHMM`, `+HH:MM`), as ajv-formats' strict `time`. */
function isTime(text: string): boolean {
  if (text.length < 9 || text[2] !== ':' || text[5] !== ':') return false;
  const hour = digits(text, 0, 2);
  const minute = digits(text, 3, 2);
  const whole = digits(text, 6, 2);
  if (hour < 0 || minute < 0 || whole < 0) return false;
  let at = 8;
  let second = whole;
  if (text[at] === '.') {
    const start = at + 1;
    at = start;
    while (at < text.length && digits(text, at, 1) >= 0) at += 1;
    if (at === start) return false;
    second = Number(text.slice(6, at));
  }
  // The time zone, which the date-time format requires.
  const zone = text.slice(at);
  let zoneHour = 0;
  let zoneMinute = 0;
  let sign = 1;
  if (zone === 'Z' || zone === 'z') {
    // UTC
  } else if ((zone[0] === '+' || zone[0] === '-') && (zone.length === 3 || zone.length === 5 || (zone.length === 6 && zone[3] === ':'))) {
    sign = zone[0] === '-' ? -1 : 1;
    zoneHour = digits(zone, 1, 2);
    zoneMinute = zone.length === 3 ? 0 : digits(zone, zone.length - 2, 2);
    if (zoneHour < 0 || zoneMinute < 0) return false;
  } else {
    return false;
  }
  if (zoneHour > 23 || zoneMinute > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // A leap second: 23:59:60 in UTC.
  const utcMinute = minute - zoneMinute * sign;
  const utcHour = hour - zoneHour * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

/** Whitespace as a regular expression's `\s` matches it. */
function isSpace(char: string): boolean {
  return /^\s$/.test(char);
}

/** An RFC 3339 date-time, as ajv-formats' full `date-time` format checks it. */
export function isDateTime(text: string): boolean {
  // The separator is the one `t`, `T` or whitespace: any other makes three parts (ajv-formats splits on each).
  let separator = -1;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (char === 'T' || char === 't' || (char.charCodeAt(0) <= 32 || char.charCodeAt(0) >= 128 ? isSpace(char) : false)) {
      if (separator >= 0) return false;
      separator = i;
    }
  }
  return separator >= 0 && isDate(text.slice(0, separator)) && isTime(text.slice(separator + 1));
}

/** The formats the compiled validators read, as Ajv's standalone code calls them (`formats0.validate(text)`). */
export const contractFormats: Readonly<Record<string, { validate: (text: string) => boolean }>> = {
  'date-time': { validate: isDateTime },
};
