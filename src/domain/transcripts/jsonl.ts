// JSON Lines, read leniently: one record per line; a line that is not JSON, or not an object, is
// reported with its line number and never stops the read. Used by every JSONL transcript format.

import { isObject, type JsonObject } from './common';
import type { MalformedEntry } from './types';

export interface ParsedLine {
  line: number;
  record: JsonObject;
}

/** What reading a JSONL file gave: its records, and its unreadable lines (1-based line numbers). */
export interface ParsedJsonl {
  name: string;
  lines: ParsedLine[];
  malformed: MalformedEntry[];
}

/** Reads one line; null when it is blank. */
function parseLine(raw: string, lineNo: number, fileName: string, out: ParsedJsonl): void {
  if (raw.trim() === '') return;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    out.malformed.push({ file: fileName, line: lineNo, where: null, reason: `malformed JSON line skipped (${why})` });
    return;
  }
  if (!isObject(value)) {
    out.malformed.push({ file: fileName, line: lineNo, where: null, reason: 'line is not a JSON object; skipped' });
    return;
  }
  out.lines.push({ line: lineNo, record: value });
}

/** Parses JSONL leniently: bad lines are reported with their line numbers, never exceptions. */
export function parseJsonl(text: string, fileName: string): ParsedJsonl {
  const out: ParsedJsonl = { name: fileName, lines: [], malformed: [] };
  let from = 0;
  let lineNo = 0;
  while (from <= text.length) {
    const end = text.indexOf('\n', from);
    const stop = end < 0 ? text.length : end;
    lineNo += 1;
    parseLine(text.slice(from, stop), lineNo, fileName, out);
    if (end < 0) break;
    from = end + 1;
  }
  return out;
}

/**
 * The same as parseJsonl, a slice at a time: after every `sliceChars` characters it reports its
 * progress (characters read) and awaits `pause()`, so a 100 MB file never blocks the thread for long.
 */
export async function parseJsonlIncrementally(
  text: string,
  fileName: string,
  pause: () => Promise<void>,
  onProgress: (charsRead: number) => void = () => {},
  sliceChars = 1_000_000,
): Promise<ParsedJsonl> {
  const out: ParsedJsonl = { name: fileName, lines: [], malformed: [] };
  let from = 0;
  let lineNo = 0;
  let nextPause = sliceChars;
  while (from <= text.length) {
    const end = text.indexOf('\n', from);
    const stop = end < 0 ? text.length : end;
    lineNo += 1;
    parseLine(text.slice(from, stop), lineNo, fileName, out);
    if (end < 0) break;
    from = end + 1;
    if (from >= nextPause) {
      onProgress(from);
      await pause();
      nextPause = from + sliceChars;
    }
  }
  onProgress(text.length);
  return out;
}

export function malformedWarnings(parsed: ParsedJsonl, warnings: string[]): void {
  for (const m of parsed.malformed) warnings.push(`${m.file}:${m.line}: ${m.reason}`);
}
