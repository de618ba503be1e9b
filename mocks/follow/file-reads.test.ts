import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseJsonl } from '../../src/domain/transcripts/jsonl';
import { prepareImport, type PreparableFile } from '../importers/prepare';
import { MAX_FILE_BYTES } from '../importers/upload';
import { FileReads, type FileRead } from './file-reads';
import type { FileStat, FolderSource } from './folder-source';

/** A folder in memory that counts the bytes each read hands over. */
class MemorySource implements FolderSource {
  readonly folder = 'memory';
  readonly files = new Map<string, { bytes: Uint8Array<ArrayBuffer>; mtime_ms: number; claimed?: number }>();
  bytesRead = 0;

  write(name: string, content: string | Uint8Array<ArrayBuffer>, mtime_ms: number): void {
    this.files.set(name, { bytes: typeof content === 'string' ? new TextEncoder().encode(content) : content, mtime_ms });
  }

  /** A file that says it is `size` bytes long (too large to hold here). */
  claim(name: string, size: number): void {
    this.files.set(name, { bytes: new Uint8Array(), mtime_ms: 1, claimed: size });
  }

  async list(): Promise<FileStat[]> {
    return [...this.files].map(([name, f]) => ({ name, size: f.claimed ?? f.bytes.byteLength, mtime_ms: f.mtime_ms }));
  }

  async read(name: string, from: number, maxSize: number) {
    const f = this.files.get(name);
    if (!f) return null;
    const size = f.claimed ?? f.bytes.byteLength;
    if (size > maxSize) return { bytes: new Uint8Array(), stat: { name, size, mtime_ms: f.mtime_ms } };
    const bytes = f.bytes.slice(Math.min(from, f.bytes.byteLength));
    this.bytesRead += bytes.byteLength;
    return { bytes, stat: { name, size, mtime_ms: f.mtime_ms } };
  }

  async watch(): Promise<void> {}
  async close(): Promise<void> {}
}

/** A line of a Claude Code file (its format is told by its first line). */
const line = (k: number) => `{"type":"progress","sessionId":"s","n":${k},"pad":"${'x'.repeat(1000)}"}\n`;
const lines = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => line(from + i)).join('');
const bytesOf = (text: string) => new TextEncoder().encode(text);

/** What a held read gives as a file to prepare. */
function fileOf(read: FileRead | null): PreparableFile {
  if (read?.kind !== 'file') throw new Error(`expected a file to prepare, got ${read?.kind ?? 'nothing'}`);
  return read.file;
}

/** The lines parsed so far of a held JSONL read. */
function parsedOf(read: FileRead | null) {
  const parsed = fileOf(read).parsed;
  if (!parsed) throw new Error('expected parsed lines');
  return parsed.jsonl;
}

/** Writes `whole` into the source in pieces cut at `cuts` (byte offsets), reading after each. */
async function readInPieces(whole: Uint8Array<ArrayBuffer>, cuts: readonly number[], name = 'a.jsonl') {
  const source = new MemorySource();
  const reads = new FileReads(source);
  let read: FileRead | null = null;
  let mtime = 1;
  for (const cut of [...cuts, whole.byteLength]) {
    source.write(name, whole.slice(0, cut), mtime++);
    read = await reads.read(name, true);
  }
  return { source, read };
}

describe('reading a followed file', () => {
  it('a JSONL file is read up to its last complete line; the half-written line comes whole once finished', async () => {
    const source = new MemorySource();
    const reads = new FileReads(source);
    source.write('a.jsonl', `${lines(0, 3)}{"n":3,"pa`, 1);
    const first = await reads.read('a.jsonl', true);
    expect(first?.size).toBe(bytesOf(lines(0, 3)).byteLength);
    expect(parsedOf(first)).toEqual(parseJsonl(lines(0, 3), 'a.jsonl'));
    source.write('a.jsonl', lines(0, 4), 2);
    expect(parsedOf(await reads.read('a.jsonl', true))).toEqual(parseJsonl(lines(0, 4), 'a.jsonl'));
    // Read once (the start-up backlog): its complete lines' bytes, for the import preparer.
    const once = await reads.read('a.jsonl', false);
    expect(once?.kind === 'bytes' && new TextDecoder().decode(once.bytes)).toBe(lines(0, 4));
    // Not JSONL (a JSON recording, rewritten whole): the file as it is, read whole.
    source.write('b.json', '{"messages": [', 1);
    const json = fileOf(await reads.read('b.json', true));
    expect(json.text).toBe('{"messages": [');
    expect(json.parsed).toBeUndefined();
  });

  it('a file that grew costs its new bytes (and the few before them that prove it grew), and only they are parsed', async () => {
    const source = new MemorySource();
    const reads = new FileReads(source);
    source.write('a.jsonl', lines(0, 200), 1);
    const first = parsedOf(await reads.read('a.jsonl', true));
    const firstRecords = [...first.lines.map((l) => l.record)];
    const before = source.bytesRead;
    source.write('a.jsonl', lines(0, 210), 2);
    const grown = parsedOf(await reads.read('a.jsonl', true));
    expect(grown).toEqual(parseJsonl(lines(0, 210), 'a.jsonl'));
    // The records read before are the same objects: not parsed again.
    expect(grown.lines.slice(0, 200).every((l, i) => l.record === firstRecords[i])).toBe(true);
    const appended = bytesOf(lines(200, 210)).byteLength;
    expect(source.bytesRead - before).toBeLessThanOrEqual(appended + 4096);
  });

  it('appended in pieces (a line split, a multi-byte character split, a malformed and a blank line) it parses as the whole file does', async () => {
    const text = `{"type":"progress","sessionId":"s","a":"é"}\n{"b":"日本語 🚀"}\n\nnot json\n{"c":"${'ü'.repeat(3000)}"}\n["array"]\n{"d":"end 🚀"}\n{"e":"half`;
    const whole = bytesOf(text);
    const rocket = whole.indexOf(0xf0); // the first byte of 🚀: cut inside it
    const cuts = [3, 8, rocket + 1, rocket + 2, rocket + 9, whole.indexOf(0x6e /* n of "not" */) + 2, 5000, 5001, whole.byteLength - 3];
    const { read } = await readInPieces(whole, cuts);
    const complete = text.slice(0, text.lastIndexOf('\n') + 1);
    expect(parsedOf(read)).toEqual(parseJsonl(complete, 'a.jsonl'));
    expect(parsedOf(read).malformed.map((m) => m.line)).toEqual([4, 6]);
  });

  it.each([
    ['Claude Code', 'claude-code/tool_heavy.jsonl'],
    ['Codex CLI', 'codex-rollout/rollout-2026-02-23T12-54-34-019c8a59-e9dd-71f0-9ae3-4079fe9726a9.jsonl'],
  ])('a real %s transcript appended in pieces prepares exactly as one read of the whole file', async (_format, path) => {
    const whole = new Uint8Array(readFileSync(new URL(`../fixtures/transcripts/${path}`, import.meta.url)));
    // Cut every ~7 KB at an odd place (inside lines, inside multi-byte characters where they fall).
    const cuts = Array.from({ length: Math.floor(whole.byteLength / 7001) }, (_, k) => (k + 1) * 7001);
    const { read, source } = await readInPieces(whole, cuts, 'x.jsonl');
    expect(source.bytesRead).toBeLessThan(whole.byteLength + (cuts.length + 1) * 4096 + 7001 * (cuts.length + 1));
    const pause = async () => {};
    const inPieces = await prepareImport([fileOf(read)], { pause });
    const once = await prepareImport([{ name: 'x.jsonl', text: new TextDecoder().decode(whole), bytes: whole.byteLength, sha256: '' }], { pause });
    expect(inPieces.units[0]?.transcript.messages.length).toBeGreaterThan(0);
    expect(inPieces.units.map((u) => u.transcript)).toEqual(once.units.map((u) => u.transcript));
    expect(inPieces.units.map((u) => u.files)).toEqual(once.units.map((u) => u.files));
  });

  it("a Gemini CLI JSONL recording (messages written again, $set, $rewindTo) appended in pieces prepares as the whole file", async () => {
    const ts = (sec: number) => new Date(Date.UTC(2026, 3, 20, 9, 0, sec)).toISOString();
    const tokens = (input: number) => ({ input, output: 20, cached: 0, thoughts: 30, tool: 0, total: input + 50 });
    const g1 = { id: 'g1', timestamp: ts(8), type: 'gemini', content: 'Lese die Datei …', thoughts: [], tokens: tokens(9_000), model: 'gemini-2.5-pro' };
    const text = `${[
      { sessionId: '1b2c3d4e-0000-4000-8000-000000000001', projectHash: '9f86d081884c7d65', startTime: ts(0), lastUpdated: ts(0), kind: 'main' },
      { id: 'u1', timestamp: ts(5), type: 'user', content: [{ text: 'Lies README.md — und korrigiere den Tippfehler 🚀' }] },
      { $set: { lastUpdated: ts(5) } },
      g1,
      { ...g1, content: 'Lese die Datei … fertig.' },
      { id: 'u2', timestamp: ts(20), type: 'user', content: [{ text: 'rückgängig' }] },
      { $rewindTo: 'u2' },
      { id: 'u3', timestamp: ts(30), type: 'user', content: [{ text: 'danke' }] },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n')}\n`;
    const whole = bytesOf(text);
    const cuts = Array.from({ length: Math.floor(whole.byteLength / 37) }, (_, k) => (k + 1) * 37);
    const { read } = await readInPieces(whole, cuts, 'chats/session-1.jsonl');
    const pause = async () => {};
    const inPieces = await prepareImport([fileOf(read)], { pause });
    const once = await prepareImport([{ name: 'chats/session-1.jsonl', text, bytes: whole.byteLength, sha256: '' }], { pause });
    expect(inPieces.units[0]?.transcript.format).toBe('gemini-cli');
    expect(inPieces.units.map((u) => u.transcript)).toEqual(once.units.map((u) => u.transcript));
  });

  it('a truncated file, a file replaced by a longer one and one rewritten at the same size are read whole', async () => {
    const source = new MemorySource();
    const reads = new FileReads(source);
    source.write('a.jsonl', lines(0, 20), 1);
    await reads.read('a.jsonl', true);
    source.write('a.jsonl', lines(0, 5), 2);
    expect(parsedOf(await reads.read('a.jsonl', true))).toEqual(parseJsonl(lines(0, 5), 'a.jsonl'));
    const other = lines(100, 130);
    source.write('a.jsonl', other, 3);
    expect(parsedOf(await reads.read('a.jsonl', true))).toEqual(parseJsonl(other, 'a.jsonl'));
    // Same size, same end, a different beginning: its time changed, so it is read whole.
    const same = `${other.slice(0, 60).replace('100', '999')}${other.slice(60)}`;
    source.write('a.jsonl', same, 4);
    expect(parsedOf(await reads.read('a.jsonl', true))).toEqual(parseJsonl(same, 'a.jsonl'));
  });

  it('a file larger than an import takes is refused by its size, never read', async () => {
    const source = new MemorySource();
    const reads = new FileReads(source);
    source.claim('big.jsonl', MAX_FILE_BYTES + 1);
    for (const hold of [true, false]) {
      const read = await reads.read('big.jsonl', hold);
      expect(read).toMatchObject({ kind: 'refused', size: MAX_FILE_BYTES + 1 });
      expect(read?.kind === 'refused' && read.error).toBe(`big.jsonl: ${(MAX_FILE_BYTES + 1).toLocaleString('en-US')} bytes is more than the simulator imports (${MAX_FILE_BYTES.toLocaleString('en-US')} bytes).`);
    }
    // A held file that grows past the size is refused too.
    source.write('c.jsonl', lines(0, 3), 1);
    await reads.read('c.jsonl', true);
    source.claim('c.jsonl', MAX_FILE_BYTES + 10);
    expect((await reads.read('c.jsonl', true))?.kind).toBe('refused');
    expect(source.bytesRead).toBe(bytesOf(lines(0, 3)).byteLength);
  });

  it('a file gone reads as null; what is held stays within its budget, and a file read without holding adds nothing', async () => {
    const source = new MemorySource();
    const reads = new FileReads(source, 50_000);
    for (let k = 0; k < 10; k++) {
      source.write(`f${k}.jsonl`, lines(0, 20), 1);
      await reads.read(`f${k}.jsonl`, true);
    }
    expect(reads.bytesHeld).toBeLessThanOrEqual(50_000);
    expect(reads.bytesHeld).toBeGreaterThan(0);
    // Read without holding (a start-up backlog file): nothing more is held.
    const held = reads.bytesHeld;
    source.write('g.jsonl', lines(0, 20), 1);
    await reads.read('g.jsonl', false);
    expect(reads.bytesHeld).toBe(held);
    source.files.delete('f9.jsonl');
    expect(await reads.read('f9.jsonl', true)).toBeNull();
  });
});
