import { describe, expect, it } from 'vitest';
import { addChosen, filesFromEntries, filesFromInput, type EntryLike } from './dropped-files';

function file(path: string): EntryLike {
  const name = path.split('/').pop() ?? path;
  return { isFile: true, isDirectory: false, name, fullPath: path, file: (ok) => ok(new File(['x'], name)) };
}

function dir(path: string, children: EntryLike[]): EntryLike {
  const name = path.split('/').pop() ?? path;
  return {
    isFile: false,
    isDirectory: true,
    name,
    fullPath: path,
    createReader: () => {
      // Two batches, then the empty one that ends the listing (as Chromium does past 100 entries).
      const batches = [children.slice(0, 1), children.slice(1), []];
      return { readEntries: (ok) => ok(batches.shift() ?? []) };
    },
  };
}

describe('dropped and chosen files', () => {
  it('walks dropped folders, keeping each file path relative to the drop, hidden files left out', async () => {
    const project = dir('/proj', [
      file('/proj/abc.jsonl'),
      dir('/proj/abc', [dir('/proj/abc/subagents', [file('/proj/abc/subagents/agent-1.jsonl'), file('/proj/abc/subagents/.DS_Store')])]),
    ]);
    const files = await filesFromEntries([project, file('/run.traj.json')]);
    // Depth first, each folder's entries by name (the abc folder before abc.jsonl).
    expect(files.map((f) => f.name)).toEqual(['proj/abc/subagents/agent-1.jsonl', 'proj/abc.jsonl', 'run.traj.json']);
  });

  it('takes a folder picker\'s relative paths, a plain picker\'s names', () => {
    const inFolder = new File(['x'], 'agent-1.jsonl');
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'proj/abc/subagents/agent-1.jsonl' });
    const plain = new File(['x'], 'run.traj.json');
    expect(filesFromInput([inFolder, plain, new File([''], '.hidden')]).map((f) => f.name)).toEqual(['proj/abc/subagents/agent-1.jsonl', 'run.traj.json']);
    // A name that climbs out of its folder is not a hidden file: it is kept, to be reported (upload-plan's unsafeName).
    expect(filesFromInput([new File([''], '../../x.jsonl')]).map((f) => f.name)).toEqual(['../../x.jsonl']);
  });

  it('a file chosen again replaces the earlier one of the same name', () => {
    const a = { name: 'a.jsonl', file: new Blob(['1']) };
    const b = { name: 'b.jsonl', file: new Blob(['2']) };
    const a2 = { name: 'a.jsonl', file: new Blob(['3']) };
    expect(addChosen([a, b], [a2])).toEqual([b, a2]);
  });
});
