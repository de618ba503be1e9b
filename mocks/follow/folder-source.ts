// Where a followed folder's files come from. The follower (follower.ts) is one implementation over
// two sources: the file system through chokidar (node-folder-source.ts: npm run mock:api --
// --follow) and a folder the browser was given (handle-folder-source.ts: demo mode, Chromium's File
// System Access API). A source lists, reads and reports changes; everything else (groups, complete
// lines, growth, truncation, replacement) is decided in file-reads.ts and the follower, once for both.

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
  /**
   * The bytes of a file from `from` to its end as it is now, with its size and time; null when it
   * is gone. A file larger than `maxSize` is not read: its size and time, with no bytes.
   */
  read(name: string, from: number, maxSize: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; stat: FileStat } | null>;
  /** Reports files added or changed (by name) until closed; resolves once it watches. */
  watch(onChange: (name: string) => void, onError: (error: unknown) => void): Promise<void>;
  close(): Promise<void>;
}
