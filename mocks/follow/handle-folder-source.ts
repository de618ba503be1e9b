// A followed folder the browser was given (demo mode, Chromium's File System Access API): the
// directory handle is walked again every `pollMs` (a browser tells a page nothing when a file
// changes); a file whose size or time changed since the last walk is reported. Reads take the
// bytes asked for only (File.slice), so a grown file costs its new bytes.

import { isTranscriptName } from './follow-files';
import type { FileStat, FolderSource } from './folder-source';

/** The parts of FileSystemFileHandle and FileSystemDirectoryHandle read here (a test may give its own). */
export interface FileEntry {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<Blob & { readonly lastModified: number }>;
}

export interface DirectoryEntry {
  readonly kind: 'directory';
  readonly name: string;
  values(): AsyncIterable<FileEntry | DirectoryEntry>;
}

export interface HandleSourceOptions {
  /** Time between walks of the folder. */
  pollMs?: number;
  /** Shown on the sessions (the handle's name by default: a browser does not tell where a folder is). */
  folder?: string;
}

export class HandleFolderSource implements FolderSource {
  readonly folder: string;
  private readonly pollMs: number;
  /** The files found by the last walk, with what they were. */
  private files = new Map<string, { entry: FileEntry; stat: FileStat }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    private readonly root: DirectoryEntry,
    options: HandleSourceOptions = {},
  ) {
    this.folder = options.folder ?? root.name;
    this.pollMs = options.pollMs ?? 750;
  }

  private async walk(): Promise<Map<string, { entry: FileEntry; stat: FileStat }>> {
    const found = new Map<string, { entry: FileEntry; stat: FileStat }>();
    const visit = async (dir: DirectoryEntry, prefix: string): Promise<void> => {
      for await (const entry of dir.values()) {
        const name = `${prefix}${entry.name}`;
        if (entry.kind === 'directory') await visit(entry, `${name}/`);
        else if (isTranscriptName(entry.name)) {
          const file = await entry.getFile().catch(() => null);
          if (file) found.set(name, { entry, stat: { name, size: file.size, mtime_ms: file.lastModified } });
        }
      }
    };
    await visit(this.root, '');
    return found;
  }

  async list(): Promise<FileStat[]> {
    this.files = await this.walk();
    return [...this.files.values()].map((f) => f.stat);
  }

  async read(name: string, from: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; stat: FileStat } | null> {
    const entry = this.files.get(name)?.entry;
    const file = entry ? await entry.getFile().catch(() => null) : null;
    if (!file) return null;
    const start = Math.min(from, file.size);
    const bytes = new Uint8Array(await file.slice(start).arrayBuffer());
    return { bytes, stat: { name, size: start + bytes.byteLength, mtime_ms: file.lastModified } };
  }

  async watch(onChange: (name: string) => void, onError: (error: unknown) => void): Promise<void> {
    if (this.files.size === 0) this.files = await this.walk();
    const poll = async () => {
      try {
        const now = await this.walk();
        const before = this.files;
        this.files = now;
        for (const [name, { stat }] of now) {
          const was = before.get(name)?.stat;
          if (!was || was.size !== stat.size || was.mtime_ms !== stat.mtime_ms) onChange(name);
        }
      } catch (error) {
        onError(error);
      }
      if (!this.closed) this.timer = setTimeout(() => void poll(), this.pollMs);
    };
    this.timer = setTimeout(() => void poll(), this.pollMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
