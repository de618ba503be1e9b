// Where a followed folder's files come from. The follower (follower.ts) is one implementation over
// two sources: the file system through chokidar (node-folder-source.ts: npm run mock:api --
// --follow) and a folder the browser was given (handle-folder-source.ts: demo mode, Chromium's File
// System Access API). A source lists, reads and reports changes; everything else (groups, complete
// lines, growth, truncation, replacement) is decided here and in the follower, once for both.

/** A file of the folder: its folder-relative name (forward slashes), size and modification time. */
export interface FileStat {
  name: string;
  size: number;
  mtime_ms: number;
}

export interface FolderSource {
  /** The folder as the operator named it (shown on the sessions it becomes). */
  readonly folder: string;
  /** Every file under the folder now whose name may be a transcript (follow-files.ts isTranscriptName). */
  list(): Promise<FileStat[]>;
  /** The bytes of a file from `from` to its end as it is now, with its size and time; null when it is gone. */
  read(name: string, from: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; stat: FileStat } | null>;
  /** Reports files added or changed (by name) until closed; resolves once it watches. */
  watch(onChange: (name: string) => void, onError: (error: unknown) => void): Promise<void>;
  close(): Promise<void>;
}

/** What of a file can be read now: a JSONL file up to its last complete line (a half-written line waits for its end). */
export interface ReadableFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  mtime_ms: number;
}

const NEWLINE = 0x0a;
/** Bytes read again before the end of what was held, to tell growth from a replaced file. */
const OVERLAP = 4096;

export function completeLines(name: string, whole: Uint8Array<ArrayBuffer>, mtime_ms: number): ReadableFile {
  if (!/\.jsonl$/i.test(name)) return { name, bytes: whole.slice(), mtime_ms };
  return { name, bytes: whole.slice(0, whole.lastIndexOf(NEWLINE) + 1), mtime_ms };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a);
  out.set(b, a.byteLength);
  return out;
}

interface Held {
  bytes: Uint8Array<ArrayBuffer>;
  mtime_ms: number;
}

/**
 * Reads a source's files, keeping what was read of the recently changed ones (up to `budgetBytes`
 * in all, the least recently read dropped first) so that a file that grew costs only its new
 * bytes. Growth is checked, not assumed: the last bytes held are read again with the new ones, and
 * a file shorter than what was held (truncated) or whose held end changed (replaced) is read whole.
 */
export class FileReads {
  private readonly held = new Map<string, Held>();
  private heldBytes = 0;

  constructor(
    private readonly source: FolderSource,
    private readonly budgetBytes = 64 * 1024 * 1024,
  ) {}

  /** The file as it is now (complete lines), or null when it is gone; `hold` keeps its bytes for its next read. */
  async read(name: string, hold = true): Promise<ReadableFile | null> {
    const held = this.take(name);
    const whole = held ? await this.grown(name, held) : null;
    if (whole) return whole;
    const fresh = await this.source.read(name, 0);
    if (!fresh) return null;
    if (hold) this.keep(name, { bytes: fresh.bytes, mtime_ms: fresh.stat.mtime_ms });
    return completeLines(name, fresh.bytes, fresh.stat.mtime_ms);
  }

  /**
   * The held bytes with what was appended to them, or null when the file is not what they began
   * (shorter, its held end changed, or written again at the same size).
   */
  private async grown(name: string, held: Held): Promise<ReadableFile | null> {
    const size = held.bytes.byteLength;
    const from = Math.max(0, size - OVERLAP);
    const tail = await this.source.read(name, from);
    if (!tail || tail.stat.size < size) return null;
    if (tail.stat.size === size && tail.stat.mtime_ms !== held.mtime_ms) return null;
    if (!sameBytes(tail.bytes.subarray(0, size - from), held.bytes.subarray(from))) return null;
    const whole = tail.stat.size === size ? held.bytes : concat(held.bytes, tail.bytes.subarray(size - from));
    this.keep(name, { bytes: whole, mtime_ms: tail.stat.mtime_ms });
    return completeLines(name, whole, tail.stat.mtime_ms);
  }

  private take(name: string): Held | undefined {
    const held = this.held.get(name);
    if (held) {
      this.held.delete(name);
      this.heldBytes -= held.bytes.byteLength;
    }
    return held;
  }

  private keep(name: string, held: Held): void {
    this.take(name);
    if (held.bytes.byteLength > this.budgetBytes) return;
    this.held.set(name, held);
    this.heldBytes += held.bytes.byteLength;
    for (const [oldest, h] of this.held) {
      if (this.heldBytes <= this.budgetBytes) break;
      this.held.delete(oldest);
      this.heldBytes -= h.bytes.byteLength;
    }
  }

  /** Bytes held now (for tests and the bench). */
  get bytesHeld(): number {
    return this.heldBytes;
  }
}
