/**
 * The live connection's inbox: frames received and not yet handled. A socket's message is taken in
 * at once (cheap) and handled later in batches, one after another, a gap's fill waited for, so order
 * holds. What waits is the backlog (size()), and it can be dropped unread (clear()).
 */

export interface InboxItem {
  data: unknown;
  /** The previous frame's seq on the socket it came from. */
  onSocket: { previous: number | null };
}

export interface FrameInboxOptions {
  /** Handles one item; answers a promise only when the next must wait for it (a gap filled over HTTP). */
  handle: (item: InboxItem) => Promise<void> | null;
  /** When received frames are handled (default: right after the current task); e.g. once per animation frame. */
  schedule?: (run: () => void) => void;
  /** When frames pushed to be handled at once (push(item, true)) are handled; default: as `schedule` says. */
  scheduleBatched?: (run: () => void) => void;
  /** At most this many frames are handled in one go (the rest wait for the next turn, as the backlog). */
  maxPerDrain?: number;
  /** A turn of handling frames ended. */
  onDrained?: () => void;
  /** The connection was stopped: nothing more is handled. */
  stopped: () => boolean;
}

export class FrameInbox {
  private readonly options: FrameInboxOptions;
  private items: InboxItem[] = [];
  /** The next entry to handle. */
  private next = 0;
  private draining = false;
  private drainScheduled = false;
  /** Changes when the backlog is dropped: a drain in progress stops. */
  private generation = 0;

  constructor(options: FrameInboxOptions) {
    this.options = options;
  }

  /** `atOnce`: the item came with a batch delivered in one task, in time (scheduleBatched says when it is handled). */
  push(item: InboxItem, atOnce = false): void {
    this.items.push(item);
    this.scheduleDrain(atOnce);
  }

  /** Frames received and not yet handled. */
  size(): number {
    return this.items.length - this.next;
  }

  /** Drops what is not yet handled; a drain in progress stops. */
  clear(): void {
    this.generation += 1;
    this.items = [];
    this.next = 0;
  }

  /** Handles what the inbox holds, in order (a gap's fill is waited for); then onDrained. */
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    const generation = this.generation;
    const most = this.options.maxPerDrain ?? Number.POSITIVE_INFINITY;
    let handled = 0;
    try {
      while (this.next < this.items.length && generation === this.generation && !this.options.stopped() && handled < most) {
        handled += 1;
        const item = this.items[this.next] as InboxItem;
        this.next += 1;
        if (this.next === this.items.length) {
          this.items = [];
          this.next = 0;
        }
        const waiting = this.options.handle(item);
        if (waiting !== null) await waiting;
      }
    } finally {
      this.draining = false;
    }
    this.options.onDrained?.();
    // Frames left for the next turn, that came while a gap was filled, or of a new socket after a clear.
    if (this.next < this.items.length && !this.options.stopped()) this.scheduleDrain();
  }

  private scheduleDrain(atOnce = false): void {
    if (this.drainScheduled) return;
    this.drainScheduled = true;
    const schedule = this.options.schedule ?? queueMicrotask;
    (atOnce ? (this.options.scheduleBatched ?? schedule) : schedule)(() => {
      this.drainScheduled = false;
      void this.drain();
    });
  }
}
