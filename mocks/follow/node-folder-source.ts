// A followed folder on this machine (npm run mock:api -- --follow <folder>): chokidar reports files
// added and changed, the file system answers listings and reads.

import { watch, type FSWatcher } from 'chokidar';
import { readdir, open, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { isTranscriptName } from './follow-files';
import type { FileStat, FolderSource } from './folder-source';

export class NodeFolderSource implements FolderSource {
  /** The folder's absolute path (`~` is the home folder). */
  readonly root: string;
  private watcher: FSWatcher | null = null;

  constructor(readonly folder: string) {
    this.root = resolve(folder.replace(/^~(?=$|[/\\])/, homedir()));
  }

  /** Folder-relative names with forward slashes, as an import gives them. */
  private nameOf(path: string): string {
    return relative(this.root, path).split(sep).join('/');
  }

  async list(): Promise<FileStat[]> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    const files: FileStat[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || !isTranscriptName(entry.name)) continue;
      const path = join(entry.parentPath, entry.name);
      const s = await stat(path).catch(() => null);
      if (s) files.push({ name: this.nameOf(path), size: s.size, mtime_ms: s.mtimeMs });
    }
    return files;
  }

  async read(name: string, from: number, maxSize: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; stat: FileStat } | null> {
    const handle = await open(join(this.root, name), 'r').catch(() => null);
    if (!handle) return null;
    try {
      const s = await handle.stat();
      if (s.size > maxSize) return { bytes: new Uint8Array(), stat: { name, size: s.size, mtime_ms: s.mtimeMs } };
      const start = Math.min(from, s.size);
      const bytes = new Uint8Array(s.size - start);
      let at = 0;
      while (at < bytes.byteLength) {
        const { bytesRead } = await handle.read(bytes, at, bytes.byteLength - at, start + at);
        if (bytesRead === 0) break;
        at += bytesRead;
      }
      return { bytes: at === bytes.byteLength ? bytes : bytes.slice(0, at), stat: { name, size: start + at, mtime_ms: s.mtimeMs } };
    } finally {
      await handle.close();
    }
  }

  async watch(onChange: (name: string) => void, onError: (error: unknown) => void): Promise<void> {
    const watcher = watch(this.root, {
      ignoreInitial: true,
      ignored: (path, stats) => stats?.isFile() === true && !isTranscriptName(path),
    });
    this.watcher = watcher;
    const onFile = (path: string) => onChange(this.nameOf(path));
    watcher.on('add', onFile).on('change', onFile);
    watcher.on('error', onError);
    await new Promise<void>((done) => watcher.once('ready', () => done()));
  }

  async close(): Promise<void> {
    await this.watcher?.close();
  }
}
