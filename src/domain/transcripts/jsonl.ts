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

/** The lines of a text: number (the first is `firstLine`), start and end offsets (end excludes the newline). */
function* lineSpans(text: string, firstLine = 1): Generator<[lineNo: number, start: number, end: number]> {
  let from = 0;
  for (let lineNo = firstLine; from <= text.length; lineNo++) {
    const end = text.indexOf('\n', from);
    yield [lineNo, from, end < 0 ? text.length : end];
    if (end < 0) return;
    from = end + 1;
  }
}

/** Parses JSONL leniently: bad lines are reported with their line numbers, never exceptions. */
export function parseJsonl(text: string, fileName: string): ParsedJsonl {
  const out: ParsedJsonl = { name: fileName, lines: [], malformed: [] };
  for (const [lineNo, start, end] of lineSpans(text)) parseLine(text.slice(start, end), lineNo, fileName, out);
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
  await appendJsonl(out, text, 1, pause, onProgress, sliceChars);
  return out;
}

/**
 * Parses `text`, the whole lines of a file from its line `firstLine` on, into what was read of
 * the lines before it (`out`): a file read in pieces, each piece ending with a newline, is then
 * exactly what parseJsonl gives for the whole (a followed file: only what it gained is parsed).
 */
export async function appendJsonl(
  out: ParsedJsonl,
  text: string,
  firstLine: number,
  pause: () => Promise<void>,
  onProgress: (charsRead: number) => void = () => {},
  sliceChars = 1_000_000,
): Promise<void> {
  let nextPause = sliceChars;
  for (const [lineNo, start, end] of lineSpans(text, firstLine)) {
    parseLine(text.slice(start, end), lineNo, out.name, out);
    if (end + 1 >= nextPause && end < text.length) {
      onProgress(end + 1);
      await pause();
      nextPause = end + 1 + sliceChars;
    }
  }
  onProgress(text.length);
}

export function malformedWarnings(parsed: ParsedJsonl, warnings: string[]): void {
  for (const m of parsed.malformed) warnings.push(`${m.file}:${m.line}: ${m.reason}`);
}
