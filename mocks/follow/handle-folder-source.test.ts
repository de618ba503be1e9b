import { mkdirSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HandleFolderSource } from './handle-folder-source';
import { fsDirectory } from './test-support/fs-directory';

let folder = '';
let source: HandleFolderSource | null = null;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'handle-source-'));
});

afterEach(async () => {
  await source?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a folder given to the browser (directory handle)', () => {
  it('lists transcripts under it by folder-relative name, and reads a file from an offset', async () => {
    mkdirSync(join(folder, 'proj/abc/subagents'), { recursive: true });
    writeFileSync(join(folder, 'proj/abc.jsonl'), 'one\ntwo\n');
    writeFileSync(join(folder, 'proj/abc/subagents/agent-1.jsonl'), 'x\n');
    writeFileSync(join(folder, 'notes.txt'), 'not a transcript');
    source = new HandleFolderSource(fsDirectory(folder));
    expect(source.folder).toBe(folder.split('/').at(-1));
    const names = (await source.list()).map((f) => f.name).sort();
    expect(names).toEqual(['proj/abc.jsonl', 'proj/abc/subagents/agent-1.jsonl']);
    const read = await source.read('proj/abc.jsonl', 4);
    expect(new TextDecoder().decode(read?.bytes)).toBe('two\n');
    expect(read?.stat.size).toBe(8);
  });

  it('each walk reports the files added and the files whose size or time changed, and nothing else', async () => {
    writeFileSync(join(folder, 'a.jsonl'), 'one\n');
    writeFileSync(join(folder, 'b.jsonl'), 'one\n');
    source = new HandleFolderSource(fsDirectory(folder), { pollMs: 30 });
    const changed: string[] = [];
    await source.watch((name) => changed.push(name), (error) => {
      throw error;
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(changed).toEqual([]);
    appendFileSync(join(folder, 'a.jsonl'), 'two\n');
    writeFileSync(join(folder, 'c.json'), '{}');
    await until(() => changed.includes('a.jsonl') && changed.includes('c.json'));
    await new Promise((r) => setTimeout(r, 150));
    expect(changed.sort()).toEqual(['a.jsonl', 'c.json']);
  });
});
