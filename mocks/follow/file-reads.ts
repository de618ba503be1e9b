// What the follower reads of each file of a followed folder.
//
// A file that changes while followed is held as what was parsed of it (a JSONL transcript's
// records, each line parsed once), so its next change costs only what it gained: the bytes after
// its last complete line are read, their complete lines parsed and added. Growth is checked, not
// assumed: the last bytes held are read again with the new ones, and a file shorter than what was
// parsed (truncated), whose held end changed (replaced) or written again at the same size is read
// whole. A half-written last line is never held: it is read again whole once its newline comes
// (a newline byte is never inside a multi-byte UTF-8 character, so pieces cut there decode as the
// whole does). A JSON document (a Gemini CLI .json recording, rewritten whole at every message; an
// OpenAI-chat trajectory) is read whole each time. A file larger than MAX_FILE_BYTES is refused by
// its size, never read.

import { detectFormat } from '../../src/domain/transcripts/formats';
import { appendJsonl, type ParsedJsonl } from '../../src/domain/transcripts/jsonl';
import { macrotask, type ImportPreparer } from '../daemon/transcripts/imports';
import { prepareImport, type JsonlFormat, type PreparableFile } from '../importers/prepare';
import type { PreparedImport } from '../importers/units';
import { MAX_FILE_BYTES, tooLargeMessage } from '../importers/upload';
import type { FolderSource } from './folder-source';

const NEWLINE = 0x0a;
/** Bytes read again before the end of what was parsed, to tell growth from a replaced file. */
const OVERLAP = 4096;
const JSONL_FORMATS: readonly string[] = ['claude-code', 'codex-rollout', 'gemini-cli'] satisfies JsonlFormat[];

/** A file as read now: its size read (a JSONL file's up to its last complete line) and time. */
interface ReadStat {
  name: string;
  size: number;
  mtime_ms: number;
}

/**
 * What a read gives: the bytes for the import preparer (a file read once, not held), a file ready
 * to prepare (held: its lines parsed; or a JSON document's text), or the refusal of a file too large.
 */
export type FileRead = ReadStat & ({ kind: 'bytes'; bytes: Uint8Array<ArrayBuffer> } | { kind: 'file'; file: PreparableFile } | { kind: 'refused'; error: string });

interface Held {
  format: JsonlFormat;
  jsonl: ParsedJsonl;
  /** Bytes parsed: up to and with the last newline. */
  parsed: number;
  /** The number of the line after the last one parsed. */
  nextLine: number;
  /** The last bytes parsed (at most OVERLAP). */
  tail: Uint8Array;
  /** The file's size (with a half-written line) and time when it was last read. */
  size: number;
  mtime_ms: number;
}

/** A JSONL file's bytes up to its last complete line; any other file's whole. */
export function completeLines(name: string, bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  return /\.jsonl$/i.test(name) ? bytes.subarray(0, bytes.lastIndexOf(NEWLINE) + 1) : bytes;
}

function newlines(bytes: Uint8Array): number {
  let n = 0;
  for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, at + 1)) n += 1;
  return n;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

function lastBytes(before: Uint8Array, added: Uint8Array): Uint8Array {
  if (added.byteLength >= OVERLAP) return added.slice(added.byteLength - OVERLAP);
  const keep = Math.min(before.byteLength, OVERLAP - added.byteLength);
  const out = new Uint8Array(keep + added.byteLength);
  out.set(before.subarray(before.byteLength - keep));
  out.set(added, keep);
  return out;
}

/** A followed file is no upload: its session's identity is its place in the folder (follow-files.ts), so it is not hashed. */
function followedFile(name: string, bytes: number, text: string, parsed?: PreparableFile['parsed']): PreparableFile {
  return parsed ? { name, bytes, text, sha256: '', parsed } : { name, bytes, text, sha256: '' };
}

/**
 * Reads a source's files, holding what was parsed of those that changed while followed (up to
 * `budgetBytes` of their files in all, the least recently read dropped first).
 */
export class FileReads {
  private readonly held = new Map<string, Held>();
  private heldBytes = 0;

  constructor(
    private readonly source: FolderSource,
    private readonly budgetBytes = 32 * 1024 * 1024,
  ) {}

  /**
   * The file as it is now, or null when it is gone. `hold`: parsed here and held, so that its next
   * read parses only what it gained; otherwise its bytes, for the import preparer.
   */
  async read(name: string, hold: boolean): Promise<FileRead | null> {
    const held = this.take(name);
    const grown = held && hold ? await this.grown(name, held) : null;
    if (grown) return grown;
    const fresh = await this.source.read(name, 0, MAX_FILE_BYTES);
    if (!fresh) return null;
    const { size, mtime_ms } = fresh.stat;
    if (size > MAX_FILE_BYTES) return { name, size, mtime_ms, kind: 'refused', error: tooLargeMessage(name, size) };
    const bytes = completeLines(name, fresh.bytes);
    const stat = { name, size: bytes.byteLength, mtime_ms };
    if (!hold) return { ...stat, kind: 'bytes', bytes };
    const text = new TextDecoder('utf-8').decode(bytes);
    const format = /\.jsonl$/i.test(name) ? detectFormat(text) : null;
    if (format === null || !JSONL_FORMATS.includes(format)) return { ...stat, kind: 'file', file: followedFile(name, bytes.byteLength, text) };
    const jsonl: ParsedJsonl = { name, lines: [], malformed: [] };
    await appendJsonl(jsonl, text, 1, macrotask);
    const kept: Held = { format: format as JsonlFormat, jsonl, parsed: bytes.byteLength, nextLine: 1 + newlines(bytes), tail: lastBytes(new Uint8Array(), bytes), size, mtime_ms };
    this.keep(name, kept);
    return this.parsedRead(name, kept);
  }

  /** What the held file gained, parsed and added; null when it must be read whole (gone, too large, truncated, replaced). */
  private async grown(name: string, held: Held): Promise<FileRead | null> {
    const from = held.parsed - held.tail.byteLength;
    const read = await this.source.read(name, from, MAX_FILE_BYTES);
    if (!read || read.stat.size > MAX_FILE_BYTES || read.stat.size < held.parsed) return null;
    if (read.stat.size === held.size && read.stat.mtime_ms !== held.mtime_ms) return null;
    if (!sameBytes(read.bytes.subarray(0, held.tail.byteLength), held.tail)) return null;
    const added = completeLines(name, read.bytes.subarray(held.tail.byteLength));
    await appendJsonl(held.jsonl, new TextDecoder('utf-8', { ignoreBOM: true }).decode(added), held.nextLine, macrotask);
    const kept: Held = {
      ...held,
      parsed: held.parsed + added.byteLength,
      nextLine: held.nextLine + newlines(added),
      tail: lastBytes(held.tail, added),
      size: read.stat.size,
      mtime_ms: read.stat.mtime_ms,
    };
    this.keep(name, kept);
    return this.parsedRead(name, kept);
  }

  private parsedRead(name: string, held: Held): FileRead {
    return { name, size: held.parsed, mtime_ms: held.mtime_ms, kind: 'file', file: followedFile(name, held.parsed, '', { format: held.format, jsonl: held.jsonl }) };
  }

  private take(name: string): Held | undefined {
    const held = this.held.get(name);
    if (held) {
      this.held.delete(name);
      this.heldBytes -= held.parsed;
    }
    return held;
  }

  private keep(name: string, held: Held): void {
    this.take(name);
    if (held.parsed > this.budgetBytes) return;
    this.held.set(name, held);
    this.heldBytes += held.parsed;
    for (const [oldest, h] of this.held) {
      if (this.heldBytes <= this.budgetBytes) break;
      this.held.delete(oldest);
      this.heldBytes -= h.parsed;
    }
  }

  /** Bytes of the files held parsed now (for tests and the bench). */
  get bytesHeld(): number {
    return this.heldBytes;
  }
}

/**
 * A group's files as an import prepares them. Read once (the start-up backlog), by the import
 * preparer (a worker in the browser); changed while followed, here: their lines parsed so far are
 * held, so preparing costs the import of records already parsed, not their parse.
 */
export async function prepareReads(files: readonly FileRead[], preparer: ImportPreparer): Promise<PreparedImport> {
  const held = files.flatMap((f) => (f.kind === 'file' ? [f.file] : []));
  if (held.length === files.length) return prepareImport(held, { pause: macrotask });
  const upload = { files: files.flatMap((f) => (f.kind === 'bytes' ? [{ name: f.name, bytes: f.bytes }] : [])) };
  return (await preparer(upload, () => {})).prepared;
}
