// Follows a folder of agent transcripts: its source (folder-source.ts: chokidar on Node, a polled
// directory handle in the browser) reports files added and changed; each change brings its session up
// to what the files now hold (daemon/transcripts/followed-session.ts) within a fraction of a second.
// At start the folder is indexed newest first in the background (the server answers meanwhile), with
// progress; a restart over the same kept data reads only files that changed since (sizes, times kept).

import { applyFollowedUpdate, markFollowedIdle, type FollowProgress } from '../daemon/transcripts/followed-session';
import { macrotask, prepareInThread } from '../daemon/transcripts/imports';
import { droppable, dropMessages } from '../daemon/transcripts/resident-sessions';
import type { Store } from '../store/store';
import type { FollowedGroup } from '../store/types';
import { followedSessionId, groupOf } from './follow-files';
import { FileReads, prepareReads, type FileRead } from './file-reads';
import type { FileStat, FolderSource } from './folder-source';
import { MemoryMeter } from './memory-meter';
import { ReadLimit, type ReadLimits } from './read-limit';
import { rereadDropped, type RereadTarget } from './reread-dropped';

/** The defaults of FollowOptions.viewedMs and .backlogResidentBytes (not the reads' own limit, read-limit.ts). */
export const VIEWED_MS = 120_000;
export const BACKLOG_RESIDENT_BYTES = 64 * 1024 * 1024;

/** The daemon as the follower needs it: its current store (a reset replaces it), its persistence and its import preparer. */
export interface FollowTarget extends RereadTarget {
  changed(sessionId: string | null): void;
}

export interface FollowOptions {
  /** No growth for this long: the session is idle. */
  idleMs: number;
  /** Changes of one session closer together than this are read once. */
  settleMs?: number;
  /** A session asked for (viewed) within this long keeps its messages; an idle one not asked for drops them (read again when asked). Default 2 minutes. */
  viewedMs?: number;
  /** Start-up backlog files (newest first) whose running sessions keep their messages; the rest drop once read (read again when asked or grown). Default 64 MB. */
  backlogResidentBytes?: number;
  /** Reads (a group's files to its session) at once, and their bytes: read-limit.ts. */
  readLimits?: ReadLimits;
  log?: (line: string) => void;
}

export class Follower {
  readonly progress: FollowProgress;
  /** The backlog's, the changes' and the requests' reads, together bounded (read-limit.ts). */
  readonly readLimit: ReadLimit;
  private readonly reads: FileReads;
  private readonly memory = new MemoryMeter();
  /** Group → the files of it seen (a file gone is dropped when read). */
  private readonly members = new Map<string, Set<string>>();
  /** Groups changed since read (read first), then the start-up backlog, newest first. */
  private readonly changed = new Set<string>();
  private backlog: string[] = [];
  /** What the start-up listing said of each file (size, time), until its group is read: an unchanged group is not read at all. */
  private readonly listed = new Map<string, FileStat>();
  private pumping = false;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private storeSeen: Store | null = null;
  private readonly idleTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly storeCheck: ReturnType<typeof setInterval>;
  private readonly started = Date.now();
  /** Session → when a request last needed it (resident): kept in memory while viewed. */
  private readonly asked = new Map<string, number>();
  private closed = false;
  /** Bytes of the start-up backlog's running sessions kept with their messages so far (backlogResidentBytes). */
  private backlogResident = 0;

  constructor(
    private readonly target: FollowTarget,
    private readonly source: FolderSource,
    private readonly options: FollowOptions,
  ) {
    this.reads = new FileReads(source);
    this.readLimit = new ReadLimit(options.readLimits);
    this.progress = { folder: source.folder, state: 'starting', groups_total: 0, groups_done: 0, indexed_ms: null, memory_mb: this.memory.sample() };
    // A reset (/__mock/reset) replaces the store: its followed sessions are read again into the new one.
    this.storeCheck = setInterval(() => {
      if (this.storeSeen && this.target.store !== this.storeSeen) void this.indexAll();
      for (const sessionId of this.asked.keys()) this.dropUnviewed(sessionId);
      this.progress.memory_mb = this.memory.sample();
    }, 500);
  }

  get folder(): string {
    return this.source.folder;
  }

  /** Watches the folder, then indexes what is there (newest first) in the background. */
  async start(): Promise<void> {
    await this.source.watch(
      (name) => this.noteChange(name),
      (err) => this.options.log?.(`following ${this.folder}: ${String(err)}`),
    );
    await this.indexAll();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.storeCheck);
    if (this.settleTimer) clearTimeout(this.settleTimer);
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    await this.source.close();
  }

  private addMember(name: string): string {
    const group = groupOf(name);
    const members = this.members.get(group) ?? new Set<string>();
    members.add(name);
    this.members.set(group, members);
    return group;
  }

  private async indexAll(): Promise<void> {
    this.storeSeen = this.target.store;
    const newest = new Map<string, number>();
    this.listed.clear();
    for (const file of await this.source.list()) {
      const group = this.addMember(file.name);
      this.listed.set(file.name, file);
      newest.set(group, Math.max(newest.get(group) ?? 0, file.mtime_ms));
    }
    const groups = [...newest].map(([group, mtime]) => ({ group, mtime })).sort((a, b) => b.mtime - a.mtime);
    this.backlog = groups.map((g) => g.group);
    this.progress.state = 'indexing';
    this.progress.groups_total = groups.length;
    this.progress.groups_done = 0;
    this.backlogResident = 0;
    void this.pump();
  }

  private noteChange(name: string): void {
    this.listed.delete(name);
    this.changed.add(this.addMember(name));
    if (this.settleTimer) return;
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      void this.pump();
    }, this.options.settleMs ?? 40);
  }

  /** Reads groups one at a time: changes first, then the backlog. */
  private async pump(): Promise<void> {
    if (this.pumping || this.closed) return;
    this.pumping = true;
    try {
      for (;;) {
        const next = this.changed.values().next();
        const group = next.done ? this.backlog.shift() : next.value;
        if (group === undefined) break;
        if (!next.done) this.changed.delete(group);
        await this.readLimit.run(this.groupBytes(group), () => this.readGroup(group, !next.done)).catch((err: unknown) => this.options.log?.(`following ${group}: ${err instanceof Error ? err.message : String(err)}`));
        if (next.done) this.indexed();
        this.progress.memory_mb = this.memory.sample();
        await macrotask();
      }
    } finally {
      this.pumping = false;
    }
  }

  private indexed(): void {
    this.progress.groups_done += 1;
    const { groups_done: done, groups_total: total } = this.progress;
    if (done % 250 === 0 && done < total) this.options.log?.(`following ${this.folder}: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} transcripts read (newest first)`);
    if (done === total && this.progress.state === 'indexing') {
      this.progress.state = 'watching';
      this.progress.indexed_ms = Date.now() - this.started;
      this.options.log?.(`following ${this.folder}: ${total.toLocaleString('en-US')} transcripts read in ${this.progress.indexed_ms} ms; watching for more`);
    }
  }

  /**
   * Whether the start-up listing shows every file of a group as it was read before (same size and
   * time, none added, its session still there): a restart over kept data then reads nothing of it.
   */
  private listedUnchanged(group: string, known: FollowedGroup): boolean {
    const names = [...(this.members.get(group) ?? [])];
    const stats = names.map((name) => this.listed.get(name));
    for (const name of names) this.listed.delete(name);
    if (names.length === 0 || names.length !== Object.keys(known.files).length) return false;
    if (known.session_id !== null && !this.target.store.session(known.session_id)) return false;
    return stats.every((stat) => stat !== undefined && known.files[stat.name]?.bytes === stat.size && known.files[stat.name]?.mtime_ms === stat.mtime_ms);
  }

  /** Brings one group's session up to its files, unless none of them changed since they were read. */
  private async readGroup(group: string, growing: boolean, rewritten = false): Promise<void> {
    const store = this.target.store;
    const known: FollowedGroup = store.follows.groups[group] ?? { session_id: null, files: {}, refused: null };
    if (!growing && this.listedUnchanged(group, known)) {
      const lastWrite = Math.max(0, ...Object.values(known.files).map((f) => f.mtime_ms));
      if (known.session_id) this.idleLater(known.session_id, lastWrite);
      return;
    }
    const files = await this.readMembers(group, growing);
    const unchanged = files.every((f) => known.files[f.name]?.bytes === f.size && known.files[f.name]?.mtime_ms === f.mtime_ms);
    const lastWrite = Math.max(0, ...files.map((f) => f.mtime_ms));
    if (files.length === 0) return;
    if (unchanged && !rewritten && (known.session_id === null || store.session(known.session_id))) {
      if (known.session_id) this.idleLater(known.session_id, lastWrite);
      return;
    }
    let truncated = rewritten ? group : (files.find((f) => f.size < (known.files[f.name]?.bytes ?? 0))?.name ?? null);
    if (files.every((f) => f.size === 0)) return;
    const remembered = Object.fromEntries(files.map((f) => [f.name, { bytes: f.size, mtime_ms: f.mtime_ms }]));
    const tooLarge = files.find((f) => f.kind === 'refused');
    if (tooLarge) {
      if (known.refused !== tooLarge.error) this.options.log?.(`following ${this.folder}: ${tooLarge.error}`);
      store.follows.groups[group] = { session_id: known.session_id, files: remembered, refused: tooLarge.error };
      return;
    }
    const prepared = await prepareReads(files, this.target.prepareImport ?? prepareInThread);
    if (this.target.store !== store) return;
    const unit = prepared.units[0];
    if (!unit) {
      store.follows.groups[group] = { session_id: known.session_id, files: remembered, refused: prepared.rejected[0]?.error ?? 'not a transcript' };
      return;
    }
    const sessionId = await followedSessionId(group);
    // Its messages were dropped: made again from what was read of its files first (changed there: read again whole).
    if (!truncated && store.dropped.has(sessionId) && !(await rereadDropped(this.target, this.source, group, sessionId))) truncated = group;
    if (this.target.store !== store) return;
    const running = Date.now() - lastWrite < this.options.idleMs;
    applyFollowedUpdate(store, { session_id: sessionId, folder: this.folder, file: group, unit, truncated, last_write: new Date(lastWrite).toISOString(), running });
    store.follows.groups[group] = { session_id: sessionId, files: remembered, refused: null };
    this.target.changed(sessionId);
    this.idleLater(sessionId, lastWrite);
    // From the backlog (not seen growing): kept while the newest files' budget lasts, else dropped even if running.
    const bytes = files.reduce((n, f) => n + f.size, 0);
    const kept = !growing && running && this.backlogResident + bytes <= (this.options.backlogResidentBytes ?? BACKLOG_RESIDENT_BYTES);
    if (kept) this.backlogResident += bytes;
    this.dropUnviewed(sessionId, !growing && !kept);
  }

  /**
   * A request needs this session's messages (mocks/handlers/index.ts, residentHandler): made again
   * from its files when they were dropped (a file changed meanwhile is read again whole, with its
   * notice); kept while asked for within viewedMs.
   */
  async resident(sessionId: string): Promise<void> {
    const store = this.target.store;
    if (store.session(sessionId)?.followed?.folder !== this.folder) return;
    this.asked.set(sessionId, Date.now());
    if (!store.dropped.has(sessionId)) return;
    const group = Object.keys(store.follows.groups).find((g) => store.follows.groups[g]?.session_id === sessionId);
    // Waiting for its turn, another request may have brought them back already.
    if (group) {
      await this.readLimit.run(this.groupBytes(group), async () => {
        if (this.target.store.dropped.has(sessionId) && !(await rereadDropped(this.target, this.source, group, sessionId))) await this.readGroup(group, true, true);
      });
    }
    this.asked.set(sessionId, Date.now());
  }

  /** About what reading a group takes: its files' sizes as listed at start, else as last read. */
  private groupBytes(group: string): number {
    const known = this.target.store.follows.groups[group]?.files ?? {};
    return [...(this.members.get(group) ?? [])].reduce((n, name) => n + (this.listed.get(name)?.size ?? known[name]?.bytes ?? 0), 0);
  }

  /** An idle followed session nobody asked for lately lets go of its messages (resident-sessions.ts); `running`: a running one too. */
  private dropUnviewed(sessionId: string, running = false): void {
    const store = this.target.store;
    const session = store.sessions.get(sessionId);
    if (!session || Date.now() - (this.asked.get(sessionId) ?? 0) < (this.options.viewedMs ?? VIEWED_MS) || !droppable(store, session, running)) return;
    this.asked.delete(sessionId);
    dropMessages(store, session);
    // Kept data holds it as dropped from now on (a restart loads it so: store/persisted.ts).
    this.target.changed(sessionId);
  }

  /**
   * What each file of a group holds now (complete lines); a file gone leaves the group. What was
   * parsed of a group that changed while followed is held, so its next change costs only what it
   * gained (not that of the start-up backlog: most of a folder never changes again).
   */
  private async readMembers(group: string, growing: boolean): Promise<FileRead[]> {
    const names = [...(this.members.get(group) ?? [])].sort((a, b) => (a === group ? -1 : b === group ? 1 : a.localeCompare(b)));
    const files: FileRead[] = [];
    for (const name of names) {
      const file = await this.reads.read(name, growing);
      if (file) files.push(file);
      else this.members.get(group)?.delete(name);
    }
    return files;
  }

  /** The session goes idle once its files have not grown for idleMs. */
  private idleLater(sessionId: string, lastWrite: number): void {
    const pending = this.idleTimers.get(sessionId);
    if (pending) clearTimeout(pending);
    this.idleTimers.set(
      sessionId,
      setTimeout(() => {
        this.idleTimers.delete(sessionId);
        markFollowedIdle(this.target.store, sessionId);
        this.target.changed(sessionId);
        this.dropUnviewed(sessionId);
      }, Math.max(0, lastWrite + this.options.idleMs - Date.now())),
    );
  }
}
