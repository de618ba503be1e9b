/**
 * What a live connection (live-connection.ts) is given and reports: its options, the socket it
 * reads (a browser WebSocket, or one read in a worker), the daemon's state and the stream's status.
 */
import type { EventFrame } from '../../domain/contract/types';
import type { BackoffOptions } from './backoff';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface LiveConnectionOptions {
  /** The socket address resuming after `since` (null: from now on); may be fetched first (a stream ticket). */
  url: (since: number | null) => string | Promise<string>;
  /** The daemon's newest seq and instance (GET /health): where to start, and how restarts are seen. */
  daemonState: () => Promise<DaemonState>;
  /** Frames after `since` over HTTP (GET /events?since=), for gaps. */
  fetchAfter: (since: number) => Promise<{ items: EventFrame[]; last_seq: number }>;
  onFrame: (frame: EventFrame) => void;
  onStatus: (status: LiveStatus, lastSeq: number | null) => void;
  /** A frame was skipped or a gap could not be filled; the stream goes on. */
  onProblem: (message: string) => void;
  /** Frames were lost for good: whatever was cached may be stale. */
  onResync: () => void;
  /** When received frames are handled (default: right after the current task); e.g. once per animation frame. */
  schedule?: (run: () => void) => void;
  /**
   * When frames a socket says can be handled at once (`LiveSocket.handleAtOnce`: a worker's batch
   * that came in time) are handled; default: as `schedule` says.
   */
  scheduleBatched?: (run: () => void) => void;
  /** At most this many frames are handled in one go (the rest wait for the next turn, as the backlog). */
  maxPerDrain?: number;
  /** A turn of handling frames ended (what was delivered can be applied; backlog() is what is left). */
  onDrained?: () => void;
  /** Opens a socket to the address: the page's own WebSocket by default, or one read in a worker (worker-socket.ts). */
  openSocket?: (address: string) => LiveSocket;
  backoff?: BackoffOptions;
  /** Failed attempts in a row after which the status is 'offline' (retries go on). */
  offlineAfter?: number;
}

/** What the connection uses of a socket: a browser WebSocket has it all. */
export interface LiveSocket {
  onopen: ((event: Event) => void) | null;
  /** Only its data is read: a worker's socket hands over what it read already (read-frame.ts, CheckedMessage). */
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  close(): void;
  /**
   * Whether the message being delivered can be handled in its own task: true while a socket read in
   * a worker (worker-socket.ts) delivers a batch that came in time (a frame's messages, in one task).
   */
  readonly handleAtOnce?: boolean;
}

export interface DaemonState {
  lastSeq: number;
  /** Changes when the daemon restarts; null when the daemon does not say. */
  instance: string | null;
}
