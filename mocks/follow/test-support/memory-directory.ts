// A folder held in memory, seen the way a browser sees a directory it was given, that counts every
// lookup made of it (a file's getFile, a directory's listing): what following a folder costs the page.

import type { DirectoryEntry, FileEntry } from '../handle-folder-source';

export class MemoryFolder {
  /** Lookups made so far, and of which file (getFile by name). */
  lookups = 0;
  readonly filesLooked = new Map<string, number>();
  private readonly files = new Map<string, { bytes: Uint8Array<ArrayBuffer>; mtime: number; generation: number }>();
  private clock = 1;
  private generations = 0;

  constructor(readonly name = 'followed') {}

  /** Writes (or appends to) a file, as an agent would; a new or replaced file is a new handle's file. */
  write(path: string, text: string, mode: 'append' | 'replace' | 'recreate' = 'replace', mtime = Date.now()): void {
    const held = this.files.get(path);
    const added = new TextEncoder().encode(text);
    const bytes = mode === 'append' && held ? new Uint8Array([...held.bytes, ...added]) : added;
    const generation = mode === 'recreate' || !held ? ++this.generations : held.generation;
    this.files.set(path, { bytes, mtime: Math.max(mtime, this.clock++), generation });
  }

  get root(): DirectoryEntry {
    return this.directory('', this.name);
  }

  private directory(prefix: string, name: string): DirectoryEntry {
    return { kind: 'directory', name, values: () => this.listing(prefix) };
  }

  private async *listing(prefix: string): AsyncIterable<FileEntry | DirectoryEntry> {
    this.lookups += 1;
    const dirs = new Set<string>();
    for (const [path, file] of [...this.files]) {
      if (!path.startsWith(prefix)) continue;
      const [head = '', ...rest] = path.slice(prefix.length).split('/');
      if (rest.length === 0) yield this.file(path, head, file.generation);
      else if (!dirs.has(head)) {
        dirs.add(head);
        yield this.directory(`${prefix}${head}/`, head);
      }
    }
  }

  private file(path: string, name: string, generation: number): FileEntry {
    return {
      kind: 'file',
      name,
      getFile: async () => {
        this.lookups += 1;
        this.filesLooked.set(path, (this.filesLooked.get(path) ?? 0) + 1);
        const file = this.files.get(path);
        if (!file || file.generation !== generation) throw new DOMException(`${path} is gone`, 'NotFoundError');
        return new File([file.bytes], name, { lastModified: file.mtime });
      },
    };
  }
}
