import { PERSIST_FORMAT, SnapshotDiffer, type PersistBackend, type Snapshot } from './persisted';
import type { Store } from './store';

export interface PersistenceOptions {
  /** A save runs this long after the last change (changes in between join it)… */
  delayMs: number;
  /** …but no later than this after the first unsaved change. */
  maxDelayMs: number;
  /** Where save failures are reported (they never stop the simulator). */
  warn: (message: string) => void;
}

const DEFAULTS: PersistenceOptions = { delayMs: 200, maxDelayMs: 2_000, warn: (m) => console.warn(m) };

/**
 * Keeps a backend in step with one Store at a time: loads what was saved (when it was saved for
 * the same seed, scale and format), then saves the differences shortly after changes, in order,
 * one batch at a time. The Store stays synchronous; saving happens beside it.
 */
export class Persistence {
  private store: Store | null = null;
  private differ: SnapshotDiffer | null = null;
  private unsubscribe: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private firstPending = 0;
  private everything = false;
  private chain: Promise<void> = Promise.resolve();
  private readonly options: PersistenceOptions;

  constructor(
    readonly backend: PersistBackend,
    private identity: { seed: number; scale: string },
    options: Partial<PersistenceOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  private get meta() {
    return { format: PERSIST_FORMAT, seed: this.identity.seed, scale: this.identity.scale };
  }

  /** The saved snapshot when it belongs to this seed, scale and format; anything else is discarded. */
  async load(): Promise<Snapshot | null> {
    const snapshot = await this.backend.load();
    if (!snapshot) return null;
    const { format, seed, scale } = snapshot.meta;
    if (format === PERSIST_FORMAT && seed === this.identity.seed && scale === this.identity.scale) return snapshot;
    await this.backend.clear();
    return null;
  }

  /**
   * Follows `store` from now on. `loaded` is the snapshot it was restored from (saves continue
   * from there); without one, everything is written afresh (a new seed replaces what was saved).
   */
  attach(store: Store, loaded: Snapshot | null, identity = this.identity): void {
    this.unsubscribe?.();
    this.identity = identity;
    this.store = store;
    this.differ = new SnapshotDiffer(this.meta);
    if (loaded) {
      this.differ.seen(loaded);
      store.touched.clear();
    } else {
      this.everything = true;
      this.chain = this.chain.then(() => this.backend.clear()).catch((e: unknown) => this.options.warn(`simulator data: could not clear ${this.backend.location}: ${String(e)}`));
      this.changed();
    }
    this.unsubscribe = store.subscribe(() => this.changed());
  }

  /** Something changed: save soon. */
  changed(): void {
    const now = Date.now();
    if (this.timer === null) this.firstPending = now;
    if (this.timer !== null) clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.options.delayMs, this.firstPending + this.options.maxDelayMs - now));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.save();
    }, wait);
  }

  private save(): void {
    if (!this.store || !this.differ) return;
    const batch = this.differ.next(this.store, this.everything);
    this.everything = false;
    if (!batch) return;
    this.chain = this.chain
      .then(() => this.backend.write(batch))
      .catch((e: unknown) => this.options.warn(`simulator data: could not save to ${this.backend.location}: ${String(e)}`));
  }

  /** Saves what is pending now and waits until every save so far is written. */
  async flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.save();
    await this.chain;
  }

  /** Stops following the store (pending changes are saved first). */
  async close(): Promise<void> {
    await this.flush();
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.store = null;
  }
}
