/**
 * The live event stream over WebSocket: each text frame is an EventFrame. Frames are checked
 * against the contract (read-frame.ts: a bad one is reported and skipped), deduplicated by seq, and
 * delivered in order (frame-inbox.ts); a gap (seq > last + 1) is filled over HTTP first. A dropped
 * connection is retried with capped exponential backoff and resumes after the last seq seen.
 */
import type { EventFrame } from '../../domain/contract/types';
import { backoffDelay } from './backoff';
import { FrameInbox } from './frame-inbox';
import type { DaemonState, LiveConnectionOptions, LiveSocket, LiveStatus } from './live-connection-options';
import { readMessage } from './read-frame';
import { classifySeq, framesAfter } from './seq';

export class LiveConnection {
  private readonly options: LiveConnectionOptions;
  private socket: LiveSocket | null = null;
  /** The address is being fetched (a stream ticket): no second open meanwhile. */
  private addressing = false;
  private lastSeq: number | null = null;
  private instance: string | null = null;
  /** Whether a socket has been open before (a reconnection checks the daemon first). */
  private opened = false;
  private status: LiveStatus = 'connecting';
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** Frames received and not yet handled: its size is how far behind the page is (backlog()). */
  private readonly inbox: FrameInbox;

  constructor(options: LiveConnectionOptions) {
    this.options = options;
    this.inbox = new FrameInbox({
      handle: (item) => this.handle(item.data, item.onSocket),
      schedule: options.schedule,
      scheduleBatched: options.scheduleBatched,
      maxPerDrain: options.maxPerDrain,
      onDrained: options.onDrained,
      stopped: () => this.stopped,
    });
  }

  start(): void {
    this.setStatus('connecting');
    void this.askDaemon().then((state) => {
      if (state) {
        this.lastSeq ??= state.lastSeq;
        this.instance = state.instance;
      }
      this.open();
    });
  }

  private askDaemon(): Promise<DaemonState | null> {
    return this.options.daemonState().catch(() => null);
  }

  /** Follows the daemon's sequence from `state` on; what is shown may be stale. */
  private resyncTo(state: DaemonState, why: string): void {
    this.lastSeq = state.lastSeq;
    this.instance = state.instance;
    this.options.onProblem(`${why}; following the daemon's sequence from ${state.lastSeq} and reloading what is shown.`);
    this.options.onStatus(this.status, this.lastSeq);
    this.options.onResync();
  }

  /** Before a reconnection: a restarted daemon (another instance, or its sequence started over) means a resync. */
  private async checkRestart(): Promise<void> {
    const state = await this.askDaemon();
    if (state === null) return;
    if (this.instance !== null && state.instance !== null && state.instance !== this.instance) {
      this.resyncTo(state, 'The daemon restarted (a new instance)');
    } else if (this.lastSeq !== null && state.lastSeq < this.lastSeq) {
      this.resyncTo(state, `The daemon's event sequence went back from ${this.lastSeq} to ${state.lastSeq} (a restart)`);
    } else {
      this.instance ??= state.instance;
    }
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
    if (this.stopped || this.socket !== null || this.addressing || this.timer === null) return;
    clearTimeout(this.timer);
    void this.reopen();
  }

  private setStatus(status: LiveStatus): void {
    this.status = status;
    this.options.onStatus(status, this.lastSeq);
  }

  private async reopen(): Promise<void> {
    this.timer = null;
    if (this.opened) await this.checkRestart();
    this.open();
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
    let socket: LiveSocket;
    try {
      socket = this.options.openSocket ? this.options.openSocket(address) : new WebSocket(address);
    } catch (error) {
      this.options.onProblem(`The live stream address is unusable: ${(error as Error).message}`);
      this.retry();
      return;
    }
    this.socket = socket;
    /** The previous frame's seq on this socket: one socket's frames only ever go up. */
    const onSocket = { previous: null as number | null };
    socket.onopen = () => {
      this.failures = 0;
      this.opened = true;
      this.setStatus('live');
    };
    socket.onmessage = (event: { data: unknown }) => {
      if (this.socket !== socket) return;
      // Taken in at once (cheap), handled in batches: what waits is the backlog, and it can be dropped unread.
      this.inbox.push({ data: event.data, onSocket }, socket.handleAtOnce === true);
    };
    // A failed or broken socket always closes next; the close handler retries.
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.retry();
    };
  }

  /** Frames received and not yet handled. */
  backlog(): number {
    return this.inbox.size();
  }

  /**
   * Too far behind to catch up frame by frame: drops the frames not yet handled (and those still
   * on their way over this socket), follows the daemon from its newest seq on a new socket, and
   * has what is shown reloaded once (onResync).
   */
  skipAhead(): void {
    if (this.stopped) return;
    this.inbox.clear();
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    void this.askDaemon().then((state) => {
      if (this.stopped) return;
      if (state) {
        this.lastSeq = state.lastSeq;
        this.instance = state.instance;
      }
      this.options.onStatus(this.status, this.lastSeq);
      this.options.onResync();
      if (this.socket === null && !this.addressing) this.open();
    });
  }

  private retry(): void {
    if (this.stopped) return;
    this.failures += 1;
    this.setStatus(this.failures > (this.options.offlineAfter ?? 3) ? 'offline' : 'reconnecting');
    this.timer = setTimeout(() => void this.reopen(), backoffDelay(this.failures, this.options.backoff));
  }

  /** Handles one received frame; answers a promise only when it must wait (a gap filled over HTTP). */
  private handle(data: unknown, onSocket: { previous: number | null }): Promise<void> | null {
    if (this.stopped) return null;
    const read = readMessage(data);
    if (read.problem !== undefined) {
      this.options.onProblem(read.problem);
      return null;
    }
    const frame = read.frame;
    const previous = onSocket.previous;
    onSocket.previous = frame.seq;
    if (previous !== null && frame.seq < previous) {
      // Not a repeat of a resumed connection (those come before anything newer): the sequence started over.
      this.resyncTo({ lastSeq: frame.seq - 1, instance: this.instance }, `The event sequence went back from ${previous} to ${frame.seq}`);
    }
    const verdict = classifySeq(this.lastSeq, frame.seq);
    if (verdict === 'duplicate') return null;
    if (verdict === 'gap') return this.afterGap(frame, onSocket);
    this.deliver(frame);
    return null;
  }

  private async afterGap(frame: EventFrame, onSocket: { previous: number | null }): Promise<void> {
    if (!(await this.fill(frame.seq))) {
      const state = await this.askDaemon();
      if (state !== null && state.lastSeq < frame.seq) {
        // Ahead of the daemon's own newest seq: following it would drop every frame that comes next.
        this.resyncTo(state, `A live frame's seq (${frame.seq}) is past the daemon's newest (${state.lastSeq})`);
        onSocket.previous = state.lastSeq;
        return;
      }
      this.lastSeq = frame.seq - 1;
      this.options.onResync();
    }
    if (classifySeq(this.lastSeq, frame.seq) !== 'duplicate') this.deliver(frame);
  }

  /** Fetches and delivers the frames between the last seen and `upTo`; whether none is missing. */
  private async fill(upTo: number): Promise<boolean> {
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
    return this.lastSeq === null || this.lastSeq >= upTo - 1;
  }

  private deliver(frame: EventFrame): void {
    if (this.stopped) return;
    this.lastSeq = frame.seq;
    this.options.onStatus(this.status, this.lastSeq);
    this.options.onFrame(frame);
  }
}
