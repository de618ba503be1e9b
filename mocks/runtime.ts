import type { FollowProgress } from './daemon/transcripts/followed-session';
import { applyStartupImport, prepareInThread, type ImportPreparer, type StartupImport } from './daemon/transcripts/imports';
import { attachHistory } from './daemon/seeding/history';
import { seedStore, type Scale } from './daemon/seeding/seed';
import { advanceSession } from './daemon/live/simulation';
import { prepareSessionLedgers } from './daemon/read-models/queries';
import { prepareSessionStats } from './daemon/read-models/stats';
import type { ImportedTranscript } from '../src/domain/transcripts/types';
import { PERSIST_FORMAT, restoreStore, snapshotStore, type Snapshot } from './store/persisted';
import { copyPlain } from './store/plain-copy';
import type { Persistence } from './store/persistence';
import type { Store } from './store/store';

export interface DaemonOptions {
  seed: number;
  scale: Scale;
  /** Advance running sessions on a timer, so new compactions arrive live. */
  live: boolean;
  liveIntervalMs: number;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  requireToken: string | null;
  /** Transcripts imported at startup (MOCK_IMPORT / --import): applied to every freshly seeded store. */
  startupImport?: StartupImport | null;
  /** How imports parse and count files: in this thread by default, a Web Worker in the browser. */
  prepareImport?: ImportPreparer;
  /**
   * Keep a copy of the freshly seeded data, so a reset to the same seed and scale restores it in a
   * fraction of a second instead of seeding again (seconds). Costs the copies' memory (one per seed
   * and scale reset to): the loopback server keeps them (tests reset before each case), the browser does not.
   */
  keepSeed?: boolean;
  /** Demo mode: the page may hand this simulator folders to follow (mocks/follow/browser-follow.ts). */
  followInBrowser?: boolean;
  /** Seeded data kept between starts (server/seed-cache.ts); not with a startup import, whose data it would not hold. */
  seedCache?: SeedCache | null;
}

export interface SeedIdentity {
  seed: number;
  scale: string;
}

/** Freshly seeded data kept between starts, named so that it cannot go stale (by the code that made it, its seed and scale). */
export interface SeedCache {
  load(identity: SeedIdentity): Promise<Snapshot | null>;
  save(identity: SeedIdentity, snapshot: Snapshot): void;
}

export const DEFAULT_OPTIONS: DaemonOptions = { seed: 24, scale: 'normal', live: true, liveIntervalMs: 6_000, requireToken: null };

/** The fixture transcripts seeding reads, or a function loading them (called once, when first needed). */
export type Fixtures = readonly ImportedTranscript[] | (() => readonly ImportedTranscript[]);

/** How the daemon's data came to be at start: restored from what was saved, seeded, or the seed's copy a seed cache kept. */
export type Origin = 'restored' | 'seeded' | 'cached seed';

/**
 * The simulated daemon: its store (seeded, or restored from what persistence saved), reset on
 * demand, and the live activity timer. With persistence, every change is saved shortly after it
 * happens and a reset also replaces what was saved.
 */
export class SimulatedDaemon {
  private current: Store;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The freshly seeded data of each seed and scale reset to (keepSeed), for resets. */
  private readonly seeded = new Map<string, Snapshot>();
  readonly origin: Origin;
  /** A folder followed (--follow), and how far its reading is (GET /__mock/follow); null when none. */
  followProgress: FollowProgress | null = null;
  /** Brings a followed session's dropped messages back before a request about it (mocks/follow/follower.ts resident); null when nothing is followed. */
  resident: ((sessionId: string) => Promise<void>) | null = null;

  private fixtures: readonly ImportedTranscript[] | null = null;

  constructor(
    /** The fixture transcripts seeding reads, or how to load them: loaded only when something is seeded (not from kept data or a seed cache). */
    private readonly transcripts: Fixtures,
    public options: DaemonOptions,
    restored: { store: Store; snapshot: Snapshot } | null = null,
    private readonly persistence: Persistence | null = null,
    /** The freshly seeded data of this seed and scale as a seed cache kept it. */
    cachedSeed: Snapshot | null = null,
  ) {
    this.origin = restored ? 'restored' : cachedSeed ? 'cached seed' : 'seeded';
    if (cachedSeed) this.seeded.set(this.seedKey(), cachedSeed);
    if (restored) attachHistory(restored.store);
    this.current = restored?.store ?? this.seed();
    prepareSessionViews(this.current);
    persistence?.attach(this.current, restored?.snapshot ?? null, this.identity());
    if (options.live) this.startLive();
  }

  /**
   * Starts from what `persistence` saved for the same seed and scale, else from the seed.
   * `fresh` discards what was saved first (MOCK_RESET=1, ?mock-reset).
   */
  static async open(transcripts: Fixtures, options: DaemonOptions, persistence: Persistence | null, fresh = false): Promise<SimulatedDaemon> {
    if (persistence && fresh) await persistence.backend.clear();
    const snapshot = persistence ? await persistence.load() : null;
    const cached = !snapshot && options.seedCache && !options.startupImport ? await options.seedCache.load({ seed: options.seed, scale: options.scale }) : null;
    return new SimulatedDaemon(transcripts, options, snapshot ? { store: restoreStore(snapshot), snapshot } : null, persistence, cached);
  }

  get store(): Store {
    return this.current;
  }

  private identity(): SeedIdentity {
    return { seed: this.options.seed, scale: this.options.scale };
  }

  private seedKey(): string {
    return `${this.options.seed}:${this.options.scale}`;
  }

  private seed(): Store {
    const kept = this.seeded.get(this.seedKey());
    if (kept) return restoreSeed(kept);
    this.fixtures ??= typeof this.transcripts === 'function' ? this.transcripts() : this.transcripts;
    const store = seedStore({ seed: this.options.seed, scale: this.options.scale, transcripts: this.fixtures });
    const { startupImport, seedCache, keepSeed } = this.options;
    if (startupImport) applyStartupImport(store, startupImport);
    const cache = startupImport ? null : (seedCache ?? null);
    if (!keepSeed && !cache) return store;
    const snapshot = snapshotStore(store, { format: PERSIST_FORMAT, ...this.identity() });
    if (keepSeed) this.seeded.set(this.seedKey(), snapshot);
    cache?.save(this.identity(), snapshot);
    return store;
  }

  get prepareImport(): ImportPreparer {
    return this.options.prepareImport ?? prepareInThread;
  }

  /** Back to the freshly seeded state (same seed → same data); what was saved is replaced. */
  reset(overrides: Partial<Pick<DaemonOptions, 'seed' | 'scale' | 'live'>> = {}): void {
    this.options = { ...this.options, ...overrides };
    this.current = this.seed();
    prepareSessionViews(this.current);
    this.persistence?.attach(this.current, null, this.identity());
    this.stopLive();
    if (this.options.live) this.startLive();
  }

  /**
   * A request changed something (handlers call this after every write): the session it named
   * is saved. `structural` is false for flag and note edits, which history sessions keep apart.
   */
  changed(sessionId: string | null, structural = true): void {
    if (sessionId) this.current.touch(sessionId, structural);
    this.persistence?.changed();
  }

  /** Saves what is pending and waits for it. */
  async flush(): Promise<void> {
    await this.persistence?.flush();
  }

  /** Stops the timer and writes what is pending. */
  async close(): Promise<void> {
    this.stopLive();
    await this.persistence?.close();
  }

  private startLive(): void {
    this.timer = setInterval(() => this.tick(), this.options.liveIntervalMs);
  }

  stopLive(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One step of live activity: every running session takes one turn (a followed one runs on its own transcript). */
  tick(): void {
    for (const session of this.current.sessions.values()) {
      if (session.status === 'running' && !session.followed) advanceSession(this.current, session, { maxTurns: 1, untilCompaction: false });
    }
  }
}

/**
 * What a daemon keeps with its records (each session's stats, its records newest first), made as
 * the data is, not on a session's first request: 0.1 s for a 100,000-event session's stats.
 */
function prepareSessionViews(store: Store): void {
  prepareSessionStats(store);
  prepareSessionLedgers(store);
}

/**
 * A Store as a fresh seed of `seeded` would be: its data copied (copyPlain: as structuredClone
 * copies it, in a quarter of the time), its indexes and the generated
 * history rebuilt, the history anchored now (as seeding anchors it). Also the unit tests' seeded
 * stores (daemon/seeding/test-support/normal-seed.ts).
 */
export function restoreSeed(seeded: Snapshot): Store {
  const store = restoreStore(copyPlain(seeded));
  if (store.historySpec) store.historySpec = { ...store.historySpec, anchor: Date.now() };
  attachHistory(store);
  return store;
}
