/**
 * The live event stream over WebSocket: each text frame is an EventFrame. Frames are checked
 * against the contract (a bad one is reported and skipped), deduplicated by seq, and delivered in
 * order; a gap (seq > last + 1) is filled over HTTP first. A dropped connection is retried with
 * capped exponential backoff and resumes after the last seq seen.
 */
import { checkWith } from '../api/validation';
import { validate as eventFrameSchema } from '../api/validators/schemas/event-frame.gen';
import type { EventFrame } from '../api/types';
import { backoffDelay, type BackoffOptions } from './backoff';
import { classifySeq, framesAfter } from './seq';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface LiveConnectionOptions {
  /** The socket address resuming after `since` (null: from now on); may be fetched first (a stream ticket). */
  url: (since: number | null) => string | Promise<string>;
  /** Where to start: the daemon's newest seq (GET /health), or null when unknown. */
  startSeq: () => Promise<number | null>;
  /** Frames after `since` over HTTP (GET /events?since=), for gaps. */
  fetchAfter: (since: number) => Promise<{ items: EventFrame[]; last_seq: number }>;
  onFrame: (frame: EventFrame) => void;
  onStatus: (status: LiveStatus, lastSeq: number | null) => void;
  /** A frame was skipped or a gap could not be filled; the stream goes on. */
  onProblem: (message: string) => void;
  /** Frames were lost for good: whatever was cached may be stale. */
  onResync: () => void;
  WebSocket?: typeof WebSocket;
  backoff?: BackoffOptions;
  /** Failed attempts in a row after which the status is 'offline' (retries go on). */
  offlineAfter?: number;
}

export class LiveConnection {
  private readonly options: LiveConnectionOptions;
  private socket: WebSocket | null = null;
  /** The address is being fetched (a stream ticket): no second open meanwhile. */
  private addressing = false;
  private lastSeq: number | null = null;
  private status: LiveStatus = 'connecting';
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** Frames are handled one after another, gap fills included, so order holds. */
  private queue: Promise<void> = Promise.resolve();

  constructor(options: LiveConnectionOptions) {
    this.options = options;
  }

  start(): void {
    this.setStatus('connecting');
    void this.options
      .startSeq()
      .catch(() => null)
      .then((seq) => {
        this.lastSeq ??= seq;
        this.open();
      });
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  /** Skip the backoff wait (e.g. the browser came back online). */
  reconnectNow(): void {
    if (this.stopped || this.socket !== null || this.addressing) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.open();
  }

  private setStatus(status: LiveStatus): void {
    this.status = status;
    this.options.onStatus(status, this.lastSeq);
  }

  private open(): void {
    if (this.stopped) return;
    this.timer = null;
    let address: string | Promise<string>;
    try {
      address = this.options.url(this.lastSeq);
    } catch (error) {
      this.options.onProblem(`The live stream address is unusable: ${(error as Error).message}`);
      this.retry();
      return;
    }
    if (typeof address === 'string') {
      this.connect(address);
      return;
    }
    this.addressing = true;
    address.then(
      (url) => {
        this.addressing = false;
        this.connect(url);
      },
      (error: unknown) => {
        this.addressing = false;
        this.options.onProblem(`The live stream could not be opened: ${error instanceof Error ? error.message : String(error)}`);
        this.retry();
      },
    );
  }

  private connect(address: string): void {
    if (this.stopped) return;
    const Socket = this.options.WebSocket ?? WebSocket;
    let socket: WebSocket;
    try {
      socket = new Socket(address);
    } catch (error) {
      this.options.onProblem(`The live stream address is unusable: ${(error as Error).message}`);
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.failures = 0;
      this.setStatus('live');
    };
    socket.onmessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      this.queue = this.queue.then(() => this.handle(data));
    };
    // A failed or broken socket always closes next; the close handler retries.
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.retry();
    };
  }

  private retry(): void {
    if (this.stopped) return;
    this.failures += 1;
    this.setStatus(this.failures > (this.options.offlineAfter ?? 3) ? 'offline' : 'reconnecting');
    this.timer = setTimeout(() => this.open(), backoffDelay(this.failures, this.options.backoff));
  }

  private async handle(data: unknown): Promise<void> {
    if (this.stopped) return;
    let raw: unknown;
    try {
      if (typeof data !== 'string') throw new Error('binary');
      raw = JSON.parse(data);
    } catch {
      this.options.onProblem('Skipped a live frame that is not JSON text.');
      return;
    }
    const failure = checkWith(eventFrameSchema, raw);
    if (failure !== null) {
      this.options.onProblem(`Skipped a live frame that breaks the contract at ${failure.fieldPath || '(root)'}: ${failure.message}.`);
      return;
    }
    const frame = raw as EventFrame;
    const verdict = classifySeq(this.lastSeq, frame.seq);
    if (verdict === 'duplicate') return;
    if (verdict === 'gap') await this.fill(frame.seq);
    if (classifySeq(this.lastSeq, frame.seq) !== 'duplicate') this.deliver(frame);
  }

  /** Fetches and delivers the frames between the last seen and `upTo`. */
  private async fill(upTo: number): Promise<void> {
    try {
      while (this.lastSeq !== null && this.lastSeq < upTo - 1) {
        const page = await this.options.fetchAfter(this.lastSeq);
        const frames = framesAfter(page.items, this.lastSeq);
        if (frames.length === 0) break;
        for (const frame of frames) this.deliver(frame);
      }
    } catch (error) {
      this.options.onProblem(`Missed live events could not be fetched (${(error as Error).message}); reloading what is shown.`);
    }
    if (this.lastSeq !== null && this.lastSeq < upTo - 1) {
      this.lastSeq = upTo - 1;
      this.options.onResync();
    }
  }

  private deliver(frame: EventFrame): void {
    if (this.stopped) return;
    this.lastSeq = frame.seq;
    this.options.onStatus(this.status, this.lastSeq);
    this.options.onFrame(frame);
  }
}
