import type { LiveSocket } from './live-connection-options';
import { cameInTime, sharedNow, type FromWorker, type ToWorker } from './worker-socket-protocol';

/** The part of a Worker a WorkerSocket uses (a fake stands in for it in tests). */
export interface SocketWorker {
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: ToWorker): void;
  terminate(): void;
}

function startWorker(): SocketWorker {
  return new Worker(new URL('./socket-worker.ts', import.meta.url), { type: 'module', name: 'live-stream' });
}

/**
 * A socket read in a worker (socket-worker.ts), for LiveConnection: the page gets the messages of a
 * burst in one task per frame, not one task each. Its events are a WebSocket's, in the same order.
 */
export class WorkerSocket implements LiveSocket {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  /** While a batch is delivered: whether it came in time to be handled in its own task (cameInTime). */
  handleAtOnce = false;
  private readonly worker: SocketWorker;
  private ended = false;

  /**
   * Throws at once for an address that is not a URL, as the WebSocket constructor does.
   * `onWorkerFailure`: the worker itself failed (its code did not load, or it broke), and why.
   */
  constructor(
    address: string,
    onWorkerFailure: (reason: string) => void = () => undefined,
    start: () => SocketWorker = startWorker,
    private readonly now: () => number = sharedNow,
  ) {
    new URL(address);
    this.worker = start();
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      if (this.ended) return;
      onWorkerFailure(event.message || 'its code did not load');
      this.end({ code: 1006, reason: 'the live-stream worker failed', wasClean: false });
    };
    this.worker.postMessage({ type: 'open', address });
  }

  close(): void {
    if (!this.ended) this.worker.postMessage({ type: 'close' });
  }

  private receive(message: FromWorker): void {
    if (this.ended) return;
    switch (message.type) {
      case 'open':
        this.onopen?.(new Event('open'));
        break;
      case 'messages':
        this.handleAtOnce = cameInTime(message.at, this.now());
        for (const data of message.data) {
          // A handler may close the socket: what follows is not delivered, as with a WebSocket.
          if (this.ended) return;
          // A message's data alone, not a MessageEvent each (building those was a tenth of the page's work per event).
          this.onmessage?.({ data });
        }
        break;
      case 'error':
        this.onerror?.(new Event('error'));
        break;
      case 'close':
        this.end(message);
        break;
    }
  }

  private end(init: CloseEventInit): void {
    if (this.ended) return;
    this.ended = true;
    this.worker.terminate();
    this.onclose?.(new CloseEvent('close', init));
  }
}

/** Set once a worker failed: from then on the page reads its sockets itself. */
let workersFail = false;

/**
 * Opens the live stream's socket in a worker where the browser has them, else (or once a worker
 * failed) on the page.
 */
export function openWorkerSocket(address: string): LiveSocket {
  if (workersFail || typeof Worker === 'undefined') return new WebSocket(address);
  return new WorkerSocket(address, (reason) => {
    workersFail = true;
    // Said once, for whoever deploys the app (a Content-Security-Policy without worker-src 'self', say): the stream goes on.
    console.warn(`Live stream: its worker failed (${reason}); the page reads the stream itself from now on.`);
  });
}
