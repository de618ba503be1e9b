/**
 * The live-stream worker: opens the event stream's WebSocket off the page's main thread and hands
 * what it receives to the page in batches (worker-socket-protocol.ts). One worker per socket; it
 * ends itself when its socket closes.
 */
import { checkMessage, type CheckedMessage } from './read-frame';
import { batchDelay, sharedNow, type FromWorker, type ToWorker } from './worker-socket-protocol';

/** The worker's global scope, as far as it is used here (the DOM lib has no WorkerGlobalScope). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
  close(): void;
};

let socket: WebSocket | null = null;
let pending: CheckedMessage[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let lastBatchAt: number | null = null;

function handOver(): void {
  timer = null;
  if (pending.length === 0) return;
  lastBatchAt = performance.now();
  scope.postMessage({ type: 'messages', data: pending, at: sharedNow() });
  pending = [];
}

function open(address: string): void {
  try {
    socket = new WebSocket(address);
  } catch {
    scope.postMessage({ type: 'error' });
    scope.postMessage({ type: 'close', code: 1006, reason: 'the address was refused', wasClean: false });
    scope.close();
    return;
  }
  socket.binaryType = 'arraybuffer';
  socket.onopen = () => scope.postMessage({ type: 'open' });
  socket.onmessage = (event: MessageEvent) => {
    // Read and checked here, off the page's main thread: the page only parses a checked frame's text again.
    pending.push(checkMessage(event.data));
    timer ??= setTimeout(handOver, batchDelay(performance.now(), lastBatchAt));
  };
  socket.onerror = () => scope.postMessage({ type: 'error' });
  socket.onclose = (event: CloseEvent) => {
    // What came before the close goes first.
    if (timer !== null) clearTimeout(timer);
    handOver();
    scope.postMessage({ type: 'close', code: event.code, reason: event.reason, wasClean: event.wasClean });
    scope.close();
  };
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'open' && socket === null) open(message.address);
  else if (message.type === 'close') socket?.close();
};
