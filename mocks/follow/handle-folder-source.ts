// A followed folder the browser was given (demo mode, Chromium's File System Access API). A browser
// tells a page nothing when a file changes, so the page looks: at a fixed number of lookups a
// second whatever the folder's size (BROWSER_FOLLOW_PACE, where the numbers and their reasons
// are), files that grew lately every beat or so, the rest of the folder in turn. Counted in beats
// and lookups, never in time measured: a busy page's own work is not the folder's cost. A file
// whose size or time changed since it was last looked at is reported. Reads take the bytes asked
// for only (File.slice), so a grown file costs its new bytes.

import { BROWSER_FOLLOW_PACE, lookupsPerTick, type FollowPace } from '../../src/domain/contract/simulator-imports-path';
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
  /** How the folder is looked at (BROWSER_FOLLOW_PACE by default; tests go faster). */
  pace?: FollowPace;
  /** Shown on the sessions (the handle's name by default: a browser does not tell where a folder is). */
  folder?: string;
}

interface Watched {
  entry: FileEntry;
  /** Null until first looked at (a file new to the folder). */
  stat: FileStat | null;
  /** The beat its change was last seen (-Infinity: not since following began). */
  changed: number;
  looked: number;
}

type Turn = { dir: string } | { file: string };

export class HandleFolderSource implements FolderSource {
  readonly folder: string;
  private readonly pace: FollowPace;
  private readonly files = new Map<string, Watched>();
  /** Folder-relative path (with its trailing slash; '' the root) → its handle. */
  private readonly dirs = new Map<string, DirectoryEntry>();
  private tick = 0;
  /** The quiet files and the folders, looked at in turn: this round's order, how far it got, its share a beat. */
  private round: Turn[] = [];
  private roundAt = 0;
  private roundStart = -Infinity;
  private roundQuota = 0;
  private onChange: (name: string) => void = () => {};
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    private readonly root: DirectoryEntry,
    options: HandleSourceOptions = {},
  ) {
    this.folder = options.folder ?? root.name;
    this.pace = options.pace ?? BROWSER_FOLLOW_PACE;
  }

  private ticks(ms: number): number {
    return Math.max(1, Math.ceil(ms / this.pace.tickMs));
  }

  /** The whole folder (at start, and when the follower indexes it again): every file's size and time. */
  async list(): Promise<FileStat[]> {
    this.files.clear();
    this.dirs.clear();
    const since = Date.now() - this.pace.growingForMs;
    const visit = async (dir: DirectoryEntry, prefix: string): Promise<void> => {
      this.dirs.set(prefix, dir);
      for await (const entry of dir.values()) {
        const name = `${prefix}${entry.name}`;
        if (entry.kind === 'directory') await visit(entry, `${name}/`);
        else if (isTranscriptName(entry.name)) {
          const file = await entry.getFile().catch(() => null);
          const stat = file && { name, size: file.size, mtime_ms: file.lastModified };
          if (stat) this.files.set(name, { entry, stat, changed: stat.mtime_ms > since ? this.tick : -Infinity, looked: this.tick });
        }
      }
    };
    await visit(this.root, '');
    this.round = [];
    return [...this.files.values()].flatMap((f) => (f.stat ? [f.stat] : []));
  }

  async read(name: string, from: number, maxSize: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; stat: FileStat } | null> {
    const entry = this.files.get(name)?.entry;
    const file = entry ? await entry.getFile().catch(() => null) : null;
    if (!file) return null;
    if (file.size > maxSize) return { bytes: new Uint8Array(), stat: { name, size: file.size, mtime_ms: file.lastModified } };
    const start = Math.min(from, file.size);
    const bytes = new Uint8Array(await file.slice(start).arrayBuffer());
    return { bytes, stat: { name, size: start + bytes.byteLength, mtime_ms: file.lastModified } };
  }

  async watch(onChange: (name: string) => void, onError: (error: unknown) => void): Promise<void> {
    this.onChange = onChange;
    if (this.dirs.size === 0) await this.list();
    const beat = async () => {
      this.tick += 1;
      await this.lookAround().catch(onError);
      if (!this.closed) this.timer = setTimeout(() => void beat(), this.pace.tickMs);
    };
    this.timer = setTimeout(() => void beat(), this.pace.tickMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private growing(file: Watched): boolean {
    return this.tick - file.changed < this.ticks(this.pace.growingForMs);
  }

  /** One beat: the growing files due (up to their share), then the round's share of the rest. */
  private async lookAround(): Promise<void> {
    const budget = lookupsPerTick(this.pace);
    const every = this.ticks(this.pace.growingEveryMs);
    const due = [...this.files].filter(([, f]) => this.growing(f) && this.tick - f.looked >= every).sort(([, a], [, b]) => a.looked - b.looked);
    let left = budget.all;
    for (const [name] of due.slice(0, budget.growing)) left -= await this.lookAtFile(name);
    if (this.roundAt >= this.round.length && this.tick - this.roundStart >= every) this.newRound(every);
    for (let quota = Math.min(left, this.roundQuota); quota > 0 && this.roundAt < this.round.length; ) {
      const turn = this.round[this.roundAt++] as Turn;
      const file = 'file' in turn ? this.files.get(turn.file) : undefined;
      if ('dir' in turn) quota -= await this.lookAtDir(turn.dir);
      else if (file && !this.growing(file)) quota -= await this.lookAtFile(turn.file);
    }
  }

  /** The folders (for new files) and the quiet files, to be looked at over `every` beats or more. */
  private newRound(every: number): void {
    this.round = [...[...this.dirs.keys()].map((dir) => ({ dir })), ...[...this.files].filter(([, f]) => !this.growing(f)).map(([file]) => ({ file }))];
    this.roundAt = 0;
    this.roundStart = this.tick;
    this.roundQuota = Math.ceil(this.round.length / every);
  }

  /**
   * One lookup: a file's size and time; a change (or a file new to the folder) is reported. A file
   * gone is dropped and its folder listed (a second lookup). Returns the lookups made.
   */
  private async lookAtFile(name: string): Promise<number> {
    const watched = this.files.get(name);
    if (!watched) return 0;
    const file = await watched.entry.getFile().catch(() => null);
    if (!file) {
      // Gone, or replaced by another file of that name: its folder is listed again at once.
      this.files.delete(name);
      return 1 + (await this.lookAtDir(name.slice(0, name.lastIndexOf('/') + 1)));
    }
    watched.looked = this.tick;
    const was = watched.stat;
    if (was && was.size === file.size && was.mtime_ms === file.lastModified) return 1;
    watched.stat = { name, size: file.size, mtime_ms: file.lastModified };
    watched.changed = this.tick;
    this.onChange(name);
    return 1;
  }

  /**
   * A folder's listing (one lookup): files new to it are looked at with the growing ones, a folder
   * new to it is listed at once (a lookup more each). Returns the lookups made.
   */
  private async lookAtDir(prefix: string): Promise<number> {
    const dir = this.dirs.get(prefix);
    if (!dir) return 0;
    let used = 1;
    try {
      for await (const entry of dir.values()) {
        const name = `${prefix}${entry.name}`;
        if (entry.kind === 'directory' && !this.dirs.has(`${name}/`)) {
          this.dirs.set(`${name}/`, entry);
          used += await this.lookAtDir(`${name}/`);
        } else if (entry.kind === 'file' && isTranscriptName(entry.name) && !this.files.has(name)) {
          this.files.set(name, { entry, stat: null, changed: this.tick, looked: -Infinity });
        }
      }
    } catch {
      this.dirs.delete(prefix);
    }
    return used;
  }
}
