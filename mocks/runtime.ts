import { applyStartupImport, prepareInThread, type ImportPreparer, type StartupImport } from './daemon/imports';
import { seedStore, type Scale } from './daemon/seed';
import { advanceSession } from './daemon/simulation';
import type { ImportedTranscript } from './importers/types';
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
}

export const DEFAULT_OPTIONS: DaemonOptions = { seed: 24, scale: 'normal', live: true, liveIntervalMs: 6_000, requireToken: null };

/** The simulated daemon: its seeded store, reset on demand, and the live activity timer. */
export class SimulatedDaemon {
  private current: Store;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly transcripts: readonly ImportedTranscript[],
    public options: DaemonOptions,
  ) {
    this.current = this.seed();
    if (options.live) this.startLive();
  }

  get store(): Store {
    return this.current;
  }

  private seed(): Store {
    const store = seedStore({ seed: this.options.seed, scale: this.options.scale, transcripts: this.transcripts });
    if (this.options.startupImport) applyStartupImport(store, this.options.startupImport);
    return store;
  }

  get prepareImport(): ImportPreparer {
    return this.options.prepareImport ?? prepareInThread;
  }

  /** Back to the freshly seeded state (same seed → same data). */
  reset(overrides: Partial<Pick<DaemonOptions, 'seed' | 'scale' | 'live'>> = {}): void {
    this.options = { ...this.options, ...overrides };
    this.current = this.seed();
    this.stopLive();
    if (this.options.live) this.startLive();
  }

  private startLive(): void {
    this.timer = setInterval(() => this.tick(), this.options.liveIntervalMs);
  }

  stopLive(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One step of live activity: every running session takes one turn. */
  tick(): void {
    for (const session of this.current.sessions.values()) {
      if (session.status === 'running') advanceSession(this.current, session, { maxTurns: 1, untilCompaction: false });
    }
  }
}
