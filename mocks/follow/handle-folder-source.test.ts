import { mkdirSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_FOLLOW_PACE, quietLookWithinMs } from '../../src/domain/contract/simulator-imports-path';
import { HandleFolderSource } from './handle-folder-source';
import { FAST_PACE, fsDirectory } from './test-support/fs-directory';
import { MemoryFolder } from './test-support/memory-directory';

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
    const read = await source.read('proj/abc.jsonl', 4, Number.MAX_SAFE_INTEGER);
    expect(new TextDecoder().decode(read?.bytes)).toBe('two\n');
    expect(read?.stat.size).toBe(8);
  });

  it('each walk reports the files added and the files whose size or time changed, and nothing else', async () => {
    writeFileSync(join(folder, 'a.jsonl'), 'one\n');
    writeFileSync(join(folder, 'b.jsonl'), 'one\n');
    source = new HandleFolderSource(fsDirectory(folder), { pace: FAST_PACE });
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

describe('a followed folder of 2,000 transcripts costs the page a fixed number of lookups a second (BROWSER_FOLLOW_PACE)', () => {
  const PROJECTS = 20;
  const FILES = 2_000;
  const HOUR_AGO = () => Date.now() - 3_600_000;
  const name = (i: number) => `project-${i % PROJECTS}/session-${i}.jsonl`;
  const { tickMs, lookupsPerSecond, growingEveryMs } = BROWSER_FOLLOW_PACE;
  /** What is looked at in turn: the files, the projects and the root. */
  const QUIET_WITHIN = quietLookWithinMs(FILES + PROJECTS + 1);
  let memory: MemoryFolder;
  let changed: string[];

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    memory = new MemoryFolder();
    for (let i = 0; i < FILES; i++) memory.write(name(i), '{"type":"user"}\n', 'replace', HOUR_AGO());
    source = new HandleFolderSource(memory.root);
    changed = [];
    await source.list();
    await source.watch((n) => changed.push(n), (error) => {
      throw error;
    });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Advances a beat at a time until `name` is reported; the time it took. */
  async function seenAfter(file: string, limitMs: number): Promise<number> {
    const start = Date.now();
    while (!changed.includes(file)) {
      if (Date.now() - start > limitMs) throw new Error(`${file} not seen within ${limitMs} ms`);
      await vi.advanceTimersByTimeAsync(tickMs);
    }
    return Date.now() - start;
  }

  it('stays under the budget while every file is still looked at', async () => {
    const before = memory.lookups;
    memory.filesLooked.clear();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(memory.lookups - before).toBeLessThanOrEqual(lookupsPerSecond * 20);
    // Not by looking at less: each of the 2,000 files was looked at, again and again.
    expect(memory.filesLooked.size).toBe(FILES);
    expect(Math.min(...memory.filesLooked.values())).toBeGreaterThanOrEqual(2);
    expect(QUIET_WITHIN).toBeLessThanOrEqual(7_500);
  });

  it('a file appended to among 2,000 quiet ones is seen within the stated time; one that keeps growing, within a second', async () => {
    await vi.advanceTimersByTimeAsync(3_000);
    for (const i of [0, 777, 1_999]) {
      memory.write(name(i), '{"type":"assistant"}\n', 'append');
      expect(await seenAfter(name(i), QUIET_WITHIN)).toBeLessThanOrEqual(QUIET_WITHIN);
      await vi.advanceTimersByTimeAsync(1_234);
    }
    // Now growing (a running session): each append is seen within a second, while the budget holds.
    const before = memory.lookups;
    const started = Date.now();
    for (let step = 0; step < 20; step++) {
      changed = [];
      memory.write(name(777), '{"type":"user"}\n', 'append');
      expect(await seenAfter(name(777), 1_000)).toBeLessThanOrEqual(growingEveryMs + tickMs);
      await vi.advanceTimersByTimeAsync(400);
    }
    expect(memory.lookups - before).toBeLessThanOrEqual((lookupsPerSecond * (Date.now() - started)) / 1000);
  });

  it('a quiet file truncated, a file replaced, and a new file in a new project are each seen within the stated time', async () => {
    await vi.advanceTimersByTimeAsync(3_000);
    memory.write(name(42), '', 'replace');
    await seenAfter(name(42), QUIET_WITHIN);
    memory.write(name(1_042), '{"type":"summary"}\n', 'recreate', HOUR_AGO());
    await seenAfter(name(1_042), QUIET_WITHIN);
    memory.write('project-new/session-new.jsonl', '{"type":"user"}\n');
    await seenAfter('project-new/session-new.jsonl', QUIET_WITHIN);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(changed.sort()).toEqual([name(1_042), name(42), 'project-new/session-new.jsonl']);
  });
});
