// How much of a followed folder is being read at once. A read here is a file (or a session's files)
// from its first byte to its session made: the bytes, their text and their parsed records are all
// alive until then. The start-up backlog reads one group at a time; requests about sessions whose
// messages were dropped (follower.ts resident) read theirs beside it, as many as come. The limit
// keeps both to a fixed number of reads and bytes at once, whatever the machine's speed or the
// requests' number, so the simulator's peak memory does not grow with either.

export interface ReadLimits {
  /** Reads at once. */
  reads: number;
  /** Bytes of the reads at once (a read larger than this runs alone). */
  bytes: number;
}

/** Two reads (the backlog and one request), 64 MB of files at once. */
export const DEFAULT_READ_LIMITS: ReadLimits = { reads: 2, bytes: 64 * 1024 * 1024 };

interface Waiting {
  bytes: number;
  start: () => void;
}

/** Runs reads no more than `limits` at once, each in the order asked (the first waiting starts first; none overtakes it). */
export class ReadLimit {
  private running = 0;
  private bytesRunning = 0;
  private readonly waiting: Waiting[] = [];
  /** The most reads and bytes ever at once (the bench and tests read them). */
  readonly peak = { reads: 0, bytes: 0 };

  constructor(private readonly limits: ReadLimits = DEFAULT_READ_LIMITS) {}

  /** Runs `read` (of about `bytes`) once the reads before it leave room; its result or error as it gives them. */
  async run<T>(bytes: number, read: () => Promise<T>): Promise<T> {
    const size = Math.max(0, bytes);
    // Its room is taken when it starts: by the read ending before it (startWaiting), or here.
    if (this.waiting.length > 0 || !this.fits(size)) await new Promise<void>((start) => this.waiting.push({ bytes: size, start }));
    else this.take(size);
    try {
      return await read();
    } finally {
      this.running -= 1;
      this.bytesRunning -= size;
      this.startWaiting();
    }
  }

  /** Reads running now. */
  get inFlight(): number {
    return this.running;
  }

  private fits(bytes: number): boolean {
    if (this.running >= this.limits.reads) return false;
    return this.running === 0 || this.bytesRunning + bytes <= this.limits.bytes;
  }

  private take(bytes: number): void {
    this.running += 1;
    this.bytesRunning += bytes;
    this.peak.reads = Math.max(this.peak.reads, this.running);
    this.peak.bytes = Math.max(this.peak.bytes, this.bytesRunning);
  }

  /** The first waiting reads that now fit start, in their order. */
  private startWaiting(): void {
    for (let next = this.waiting[0]; next && this.fits(next.bytes); next = this.waiting[0]) {
      this.waiting.shift();
      this.take(next.bytes);
      next.start();
    }
  }
}
