import { describe, expect, it } from 'vitest';
import { FileReads, type FileStat, type FolderSource } from './folder-source';

/** A folder in memory that counts the bytes each read hands over. */
class MemorySource implements FolderSource {
  readonly folder = 'memory';
  readonly files = new Map<string, { text: string; mtime_ms: number }>();
  bytesRead = 0;

  write(name: string, text: string, mtime_ms: number): void {
    this.files.set(name, { text, mtime_ms });
  }

  async list(): Promise<FileStat[]> {
    return [...this.files].map(([name, f]) => ({ name, size: new TextEncoder().encode(f.text).byteLength, mtime_ms: f.mtime_ms }));
  }

  async read(name: string, from: number) {
    const f = this.files.get(name);
    if (!f) return null;
    const whole = new TextEncoder().encode(f.text);
    const bytes = whole.slice(Math.min(from, whole.byteLength));
    this.bytesRead += bytes.byteLength;
    return { bytes, stat: { name, size: whole.byteLength, mtime_ms: f.mtime_ms } };
  }

  async watch(): Promise<void> {}
  async close(): Promise<void> {}
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const line = (k: number) => `{"n":${k},"pad":"${'x'.repeat(1000)}"}\n`;
const lines = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => line(from + i)).join('');

describe('reading a followed file', () => {
  it('a JSONL file is read up to its last complete line; the half-written line comes whole once finished', async () => {
    const source = new MemorySource();
    const reads = new FileReads(source);
    source.write('a.jsonl', `${lines(0, 3)}{"n":3,"pa`, 1);
    expect(text((await reads.read('a.jsonl'))?.bytes)).toBe(lines(0, 3));
    source.write('a.jsonl', lines(0, 4), 2);
    expect(text((await reads.read('a.jsonl'))?.bytes)).toBe(lines(0, 4));
    // Not JSONL (a JSON recording): the file as it is.
    source.write('b.json', '{"messages": [', 1);
    expect(text((await reads.read('b.json'))?.bytes)).toBe('{"messages": [');
  });

  it('a file that grew costs its new bytes (and the few before them that prove it grew), not the whole file again', async () => {
    const source = new MemorySource();
    const reads = new FileReads(source);
    source.write('a.jsonl', lines(0, 200), 1);
    await reads.read('a.jsonl');
    const before = source.bytesRead;
    source.write('a.jsonl', lines(0, 210), 2);
    const grown = await reads.read('a.jsonl');
    expect(text(grown?.bytes)).toBe(lines(0, 210));
    const appended = new TextEncoder().encode(lines(200, 210)).byteLength;
    expect(source.bytesRead - before).toBeLessThanOrEqual(appended + 4096);
    expect(source.bytesRead - before).toBeLessThan(new TextEncoder().encode(lines(0, 200)).byteLength / 10);
  });

  it('a truncated file, a file replaced by a longer one and one rewritten at the same size are read whole', async () => {
    const source = new MemorySource();
    const reads = new FileReads(source);
    source.write('a.jsonl', lines(0, 20), 1);
    await reads.read('a.jsonl');
    source.write('a.jsonl', lines(0, 5), 2);
    expect(text((await reads.read('a.jsonl'))?.bytes)).toBe(lines(0, 5));
    const other = lines(100, 130);
    source.write('a.jsonl', other, 3);
    expect(text((await reads.read('a.jsonl'))?.bytes)).toBe(other);
    // Same size, same end, a different beginning: its time changed, so it is read whole.
    const same = `${other.slice(0, 6).replace('100', '999')}${other.slice(6)}`;
    source.write('a.jsonl', same, 4);
    expect(text((await reads.read('a.jsonl'))?.bytes)).toBe(same);
  });

  it('a file gone reads as null; what is held stays within its budget, and a file read without holding adds nothing', async () => {
    const source = new MemorySource();
    const reads = new FileReads(source, 50_000);
    for (let k = 0; k < 10; k++) {
      source.write(`f${k}.jsonl`, lines(0, 20), 1);
      await reads.read(`f${k}.jsonl`);
    }
    expect(reads.bytesHeld).toBeLessThanOrEqual(50_000);
    expect(reads.bytesHeld).toBeGreaterThan(0);
    // Read without holding (a start-up backlog file): nothing more is held.
    const held = reads.bytesHeld;
    source.write('g.jsonl', lines(0, 20), 1);
    await reads.read('g.jsonl', false);
    expect(reads.bytesHeld).toBe(held);
    source.files.delete('f9.jsonl');
    expect(await reads.read('f9.jsonl')).toBeNull();
  });
});
