import { beforeAll, describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from './worker-socket-protocol';
import { WorkerSocket, type SocketWorker } from './worker-socket';
import type { CheckedMessage } from './read-frame';

beforeAll(() => {
  // Node 20 has no CloseEvent (browsers do): a stand-in with its fields.
  if (typeof CloseEvent === 'undefined') {
    globalThis.CloseEvent = class extends Event {
      readonly code: number;
      readonly reason: string;
      readonly wasClean: boolean;
      constructor(type: string, init: CloseEventInit = {}) {
        super(type);
        this.code = init.code ?? 0;
        this.reason = init.reason ?? '';
        this.wasClean = init.wasClean ?? false;
      }
    } as unknown as typeof CloseEvent;
  }
});

class FakeWorker implements SocketWorker {
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly posted: ToWorker[] = [];
  terminated = false;
  postMessage(message: ToWorker): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  send(message: FromWorker): void {
    this.onmessage?.(new MessageEvent('message', { data: message }));
  }
  fail(): void {
    this.onerror?.(Object.assign(new Event('error', { cancelable: true }), { message: 'boom' }) as ErrorEvent);
  }
}

/** A message the worker handed over, as the tests write it: a checked frame's text, or its problem. */
function label(data: unknown): string {
  const message = data as CheckedMessage;
  return message.problem === undefined ? message.checked : `problem: ${message.problem}`;
}

const checked = (...texts: string[]): CheckedMessage[] => texts.map((text) => ({ checked: text }));

/** The page's clock in these tests: a batch handed over at NOW - 1 came in time. */
const NOW = 10_000;

/** A WorkerSocket on a fake worker, and what it delivers, in order (each message with whether it may be handled at once). */
function open(address = 'ws://127.0.0.1:1/api/v1/events') {
  const worker = new FakeWorker();
  const events: string[] = [];
  const atOnce: boolean[] = [];
  const failures: string[] = [];
  const socket = new WorkerSocket(address, (reason) => failures.push(reason), () => worker, () => NOW);
  socket.onopen = () => events.push('open');
  socket.onmessage = (event) => {
    events.push(`message ${label(event.data)}`);
    atOnce.push(socket.handleAtOnce);
  };
  socket.onerror = () => events.push('error');
  socket.onclose = (event) => events.push(`close ${event.code} ${event.reason}`);
  return { worker, socket, events, atOnce, failures: () => failures };
}

describe('WorkerSocket', () => {
  it('asks its worker to open the address, and refuses one that is not a URL at once, as a WebSocket does', () => {
    const { worker } = open('ws://daemon:7070/api/v1/events?since=4');
    expect(worker.posted).toEqual([{ type: 'open', address: 'ws://daemon:7070/api/v1/events?since=4' }]);
    expect(() => new WorkerSocket('not a url', () => undefined, () => new FakeWorker())).toThrow();
  });

  it("delivers a batch as a WebSocket's events, one message each, in order, as the worker read them", () => {
    const { worker, events } = open();
    worker.send({ type: 'open' });
    worker.send({ type: 'messages', data: [...checked('{"seq":1}', '{"seq":2}'), { problem: 'not JSON text' }], at: NOW - 1 });
    worker.send({ type: 'messages', data: checked('{"seq":3}'), at: NOW - 1 });
    expect(events).toEqual(['open', 'message {"seq":1}', 'message {"seq":2}', 'message problem: not JSON text', 'message {"seq":3}']);
  });

  it('says a batch that came in time may be handled at once, and one that waited behind other work may not', () => {
    const { worker, atOnce } = open();
    worker.send({ type: 'messages', data: checked('a', 'b'), at: NOW - 1 });
    worker.send({ type: 'messages', data: checked('c'), at: NOW - 500 });
    expect(atOnce).toEqual([true, true, false]);
  });

  it('closes through the worker; the close event ends it, the worker is terminated and nothing follows', () => {
    const { worker, socket, events } = open();
    worker.send({ type: 'open' });
    socket.close();
    expect(worker.posted.at(-1)).toEqual({ type: 'close' });
    worker.send({ type: 'error' });
    worker.send({ type: 'close', code: 1006, reason: 'gone', wasClean: false });
    worker.send({ type: 'messages', data: checked('late'), at: NOW });
    expect(events).toEqual(['open', 'error', 'close 1006 gone']);
    expect(worker.terminated).toBe(true);
    socket.close();
    expect(worker.posted.filter((m) => m.type === 'close')).toHaveLength(1);
  });

  it('a handler closing the socket mid-batch stops the batch there', () => {
    const { worker, socket, events } = open();
    socket.onmessage = (event) => {
      events.push(`message ${label(event.data)}`);
      if (label(event.data) === 'b') worker.send({ type: 'close', code: 1000, reason: '', wasClean: true });
    };
    worker.send({ type: 'messages', data: checked('a', 'b', 'c'), at: NOW });
    expect(events).toEqual(['message a', 'message b', 'close 1000 ']);
  });

  it('a worker that fails (its code did not load) is reported once and closes the socket, so the connection retries', () => {
    const { worker, events, failures } = open();
    worker.fail();
    worker.fail();
    expect(failures()).toEqual(['boom']);
    expect(events).toEqual(['close 1006 the live-stream worker failed']);
    expect(worker.terminated).toBe(true);
  });
});
